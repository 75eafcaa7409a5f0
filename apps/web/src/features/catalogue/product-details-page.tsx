import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ProductDetail, Sku } from '@dsm/contract';
import { AlertIcon, CartIcon, StoreIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';
import { StatusPage } from '../../components/ui/status-page';
import { useAddToWishList, useChangeCart } from '../../lib/cart';
import { loginPathFor } from '../../lib/navigation';
import { useRichTextLinks } from '../../lib/rich-text-links';
import { isLoggedIn, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { categoryTreeQuery, useCategoryTree } from '../../lib/categories';
import { prefetch } from '../../lib/prefetch';
import { isProductMissing, productQuery, useProduct } from './catalogue.api';
import { categoryPath } from './category-tree';
import { Gallery } from './gallery';
import { QuantityInput } from '../../components/ui/quantity-input';
import { BulkPrice, priceTiersQuery, usePriceTiers } from './bulk-price';
import { ShippingEstimate } from './shipping-estimate';
import { ShipsToLine } from './ships-to';
import { VariantPicker } from './variant-picker';
import { clampQuantity, initialSku, pickSku, selectionOf, valueState } from './variants';
import '../../components/ui/field.css';
import '../../components/ui/rich-text.css';
import './product-details.css';

const HeartIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20Z" />
  </svg>
);

function positiveId(value: string | null): number | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Pictures: the product's, then SKU pictures it does not list (each once). */
function galleryImages(product: ProductDetail): string[] {
  const all = [...(product.imgs.length ? product.imgs : [product.pic]), ...product.skuList.map((s) => s.pic)];
  return [...new Set(all.filter(Boolean))];
}

/** The route's loader: the three answers the page waits for start with its chunks (lib/prefetch.ts). */
export function loader({ request }: LoaderFunctionArgs) {
  const prodId = positiveId(new URL(request.url).searchParams.get('prodId'));
  if (prodId === null) return null;
  return prefetch((client) => {
    void client.prefetchQuery(productQuery(prodId));
    void client.prefetchQuery(categoryTreeQuery);
    void client.prefetchQuery(priceTiersQuery(prodId));
  });
}

/** /productdetails?prodId=…[&skuId=…]: the product, its variants, quantity and shipping. */
export default function ProductDetailsPage() {
  const { t } = useTranslation('catalogue');
  const [params] = useSearchParams();
  const prodId = positiveId(params.get('prodId'));
  const product = useProduct(prodId);
  // Asked for together with the product, and waited for: the breadcrumb's category path and the
  // bulk prices would otherwise arrive after the page is drawn and push it down (layout shift).
  const tree = useCategoryTree();
  const tiers = usePriceTiers(prodId ?? 0);
  // Only their first answer (or failure) is waited for: a later refetch never brings the skeleton back.
  const settling = (q: { dataUpdatedAt: number; errorUpdatedAt: number; fetchStatus: string }) =>
    q.dataUpdatedAt === 0 && q.errorUpdatedAt === 0 && q.fetchStatus === 'fetching';

  if (prodId === null || (product.isError && isProductMissing(product.error))) return <ProductNotFound />;
  if (product.isError) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('error.title')}
        text={product.error.message}
        actions={
          <button type="button" className="button button-secondary" onClick={() => void product.refetch()}>
            {t('error.retry')}
          </button>
        }
      />
    );
  }
  if (!product.data || settling(tree) || settling(tiers)) return <ProductSkeleton />;
  // Keyed by product: another product starts with its own variant, quantity and picture.
  return <ProductView key={product.data.prodId} product={product.data} />;
}

function ProductNotFound() {
  const { t } = useTranslation('catalogue');
  return (
    <StatusPage
      icon={<AlertIcon />}
      title={t('not-found.title')}
      text={t('not-found.text')}
      actions={
        <Link className="button button-primary" to="/goodslist">
          {t('not-found.browse')}
        </Link>
      }
    />
  );
}

function ProductSkeleton() {
  const { t } = useTranslation('catalogue');
  return (
    <div className="product-page" aria-busy="true">
      <p className="sr-only" role="status">
        {t('loading')}
      </p>
      <div className="product-main">
        <div className="gallery-main gallery-empty" />
        <div className="product-info">
          <span className="skeleton-line" />
          <span className="skeleton-line short" />
        </div>
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const lang = useSession((s) => s.lang);
  const { data: tree } = useCategoryTree();
  const onLinkClick = useRichTextLinks();
  const images = useMemo(() => galleryImages(product), [product]);

  const sku: Sku | undefined =
    product.skuList.find((s) => s.skuId === positiveId(params.get('skuId'))) ?? initialSku(product);
  const selection = sku ? selectionOf(product, sku) : {};
  const stock = sku?.stocks ?? 0;
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(() => Math.max(0, sku ? images.indexOf(sku.pic) : 0));

  // A SKU with less stock: the quantity follows.
  useEffect(() => setQuantity((q) => clampQuantity(q, stock)), [stock]);

  useEffect(() => {
    const brand = t('common:brand');
    document.title = `${product.prodName} | ${brand}`;
  }, [product.prodName, t]);

  function pick(specName: string, value: string) {
    const next = pickSku(product, selection, specName, value);
    if (!next) return;
    // The variant is part of the address (a shared link shows it), without a history entry each.
    const search = new URLSearchParams(params);
    search.set('skuId', String(next.skuId));
    setParams(search, { replace: true, preventScrollReset: true });
    const picture = images.indexOf(next.pic);
    if (picture >= 0) setImageIndex(picture);
  }

  const loggedIn = useSession(isLoggedIn);
  const navigate = useNavigate();
  // Buy now: the checkout page prices this variant and quantity (a visitor logs in first, then lands there).
  const buyNow = () => {
    if (sku) void navigate(`/user/paynoworder?prodId=${product.prodId}&skuId=${sku.skuId}&count=${quantity}`);
  };
  // Buy into inventory (issue 24): the inventory orders page prices and places it.
  const buyIntoInventory = () => {
    if (sku && requireLogin()) void navigate(`/user/inventoryorders?buy=${product.prodId}:${sku.skuId}:${quantity}`);
  };
  const location = useLocation();
  const addToCart = useChangeCart();
  const addToWishList = useAddToWishList();
  /** A visitor is sent to log in and comes back to this product (and variant) afterwards. */
  const requireLogin = () => {
    if (loggedIn) return true;
    void navigate(loginPathFor(location.pathname, location.search));
    return false;
  };
  function onAddToCart() {
    if (!sku || !requireLogin()) return;
    addToCart.mutate(
      { prodId: product.prodId, skuId: sku.skuId, count: quantity },
      { onSuccess: (r) => (r.success ? toast.success(t('cart:product.added')) : undefined) },
    );
  }
  /** "List to my store": the listing dialog on /user/listed (a visitor logs in first, then lands there). */
  function onList() {
    const to = `/user/listed?list=${product.prodId}`;
    void navigate(loggedIn ? to : loginPathFor('/user/listed', `?list=${product.prodId}`));
  }
  function onAddToWishList() {
    if (!requireLogin()) return;
    addToWishList.mutate(
      { prodId: product.prodId, skuId: sku?.skuId },
      { onSuccess: (r) => (r.success ? toast.success(t('cart:product.wished')) : undefined) },
    );
  }
  const weight = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  const path = tree ? categoryPath(tree, product.categoryId) : [];

  return (
    <div className="product-page">
      <nav aria-label={t('breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/index">{t('home')}</Link>
          </li>
          {path.map((c) => (
            <li key={c.categoryId}>
              <Link to={`/goodslist?categoryId=${c.categoryId}`}>{c.categoryName}</Link>
            </li>
          ))}
          <li>
            <span aria-current="page">{product.prodName}</span>
          </li>
        </ol>
      </nav>

      <div className="product-main">
        <Gallery images={images} active={imageIndex} onSelect={setImageIndex} productName={product.prodName} />

        <div className="product-info">
          <h1 className="product-title">{product.prodName}</h1>
          {product.tags.length ? (
            <ul className="product-tags" aria-label={t('tags')}>
              {product.tags.map((tag) => (
                <li key={tag.tagId}>{tag.name}</li>
              ))}
            </ul>
          ) : null}
          {product.brief ? <p className="product-brief">{product.brief}</p> : null}

          <div className="product-buy-box" aria-live="polite">
            <Price
              price={sku?.price ?? product.price}
              oriPrice={sku?.oriPrice ?? product.oriPrice}
              originalLabel={t('price.original')}
              className="product-price"
            />
            <BulkPrice prodId={product.prodId} basePrice={sku?.price ?? product.price} />
            <dl className="product-facts">
              <div>
                <dt>{t('facts.stock')}</dt>
                <dd data-testid="stock" className={stock > 0 ? 'in-stock' : 'out-of-stock'}>
                  {stock > 0 ? t('stock.count', { count: stock }) : t('stock.out')}
                </dd>
              </div>
              <div>
                <dt>{t('facts.sku')}</dt>
                <dd data-testid="sku-code">{sku?.skuCode ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('facts.weight')}</dt>
                <dd data-testid="weight">{sku ? t('shipping.kg', { value: weight.format(sku.weight) }) : '—'}</dd>
              </div>
            </dl>
            {sku ? (
              <ShipsToLine warehouse={product.warehouse} prodId={product.prodId} skuId={sku.skuId} count={quantity} />
            ) : null}
          </div>

          {product.specs.length ? (
            <VariantPicker
              specs={product.specs}
              selection={selection}
              stateOf={(name, value) => valueState(product, selection, name, value)}
              onPick={pick}
            />
          ) : null}

          <QuantityInput value={quantity} stock={stock} onChange={setQuantity} />

          <div className="product-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={addToCart.isPending || stock <= 0}
              onClick={onAddToCart}
            >
              <CartIcon size={20} />
              {t('actions.cart')}
            </button>
            <button type="button" className="button button-buy" onClick={buyNow} disabled={!sku || stock <= 0}>
              {t('actions.buy')}
            </button>
            <button type="button" className="button button-secondary" onClick={buyIntoInventory} disabled={!sku}>
              {t('actions.inventory')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={addToWishList.isPending}
              onClick={onAddToWishList}
            >
              <HeartIcon />
              {t('actions.wishlist')}
            </button>
            <button type="button" className="button button-secondary" onClick={onList}>
              <StoreIcon size={20} />
              {t('actions.list')}
            </button>
          </div>

          {sku ? <ShippingEstimate prodId={product.prodId} skuId={sku.skuId} count={quantity} /> : null}
        </div>
      </div>

      {product.content ? (
        <section className="product-description" aria-labelledby="product-description-title">
          <h2 id="product-description-title">{t('description')}</h2>
          {/* The server sanitizes product descriptions when they are saved (scripts, event
              handlers and unsafe URLs removed), which is the only reason this HTML may be
              inserted as it is. */}
          <div className="rich-text" onClick={onLinkClick} dangerouslySetInnerHTML={{ __html: product.content }} />
        </section>
      ) : null}
    </div>
  );
}
