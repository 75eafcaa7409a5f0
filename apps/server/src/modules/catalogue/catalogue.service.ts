/**
 * The catalogue's public service for other modules (cart, orders, listings, wish lists): import
 * from here, never from the tables or inner services (lint: boundaries/no-cross-import).
 */
export { getProductDetail, listProductsByIds, requireVisibleProduct } from './catalogue.products.service';
export { categorySubtreeIds, getCategoryTree } from './catalogue.categories.service';
export { invalidateCatalogue, invalidateProduct } from './catalogue.cache';
export { countProductsInWarehouse, getSkuShippingFacts, type SkuShippingFacts } from './catalogue.shipping';
export { getSkuPurchaseFacts, type SkuPurchaseFacts } from './catalogue.purchase';
export { productIdsNamedSql, productTitlesIn } from './catalogue.titles';
export { getCartSkus, skuIdsOfProduct, type CartSkuFacts } from './catalogue.cart-skus';
export { reserveStock, releaseStock, type StockLine } from './catalogue.stock';
export { getPriceTiers } from './catalogue.price-tiers';
export {
  findConnectableSkus,
  getConnectableSkus,
  skuIdsWithCodeSql,
  type ConnectableSku,
} from './catalogue.connectable';
export {
  onCatalogueSkuChange,
  onCataloguePriceChange,
  type CatalogueSkuChange,
  type CatalogueSkuChangeHandler,
  type CataloguePriceChange,
} from './catalogue.hooks';
export { skuIdsByCode } from './catalogue.sku-codes';
export { createProduct, requireStoredImages } from './catalogue.admin-products.service';
