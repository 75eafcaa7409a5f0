/**
 * The catalogue's public service for other modules (cart, orders, listings, wish lists): import
 * from here, never from the tables. Logistics has its own entry point, catalogue.shipping.ts.
 */
export { getProductDetail, listProductsByIds, requireVisibleProduct } from './catalogue.products.service';
export { categorySubtreeIds, getCategoryTree } from './catalogue.categories.service';
export { invalidateCatalogue, invalidateProduct } from './catalogue.cache';
export { getSkuShippingFacts, type SkuShippingFacts } from './catalogue.shipping';
