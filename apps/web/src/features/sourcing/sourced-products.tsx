import type { SourcedProduct } from '@dsm/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddToWishList } from '../../lib/cart';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { ShippingEstimate } from './shipping-estimate';

/** The answer of a succeeded request: each product with its price, MOQ and bulk tiers, and what to do with it. */
export function SourcedProducts({ products }: { products: SourcedProduct[] }) {
  const { t } = useTranslation('sourcing');
  const money = useMoney();
  const wish = useAddToWishList();
  if (!products.length) return <p className="sourcing-muted">{t('products.gone')}</p>;
  return (
    <section className="sourcing-products" aria-label={t('products.title')}>
      <h2>{t('products.title')}</h2>
      <ul>
        {products.map((p) => (
          <li key={p.prodId} className="sourcing-product">
            <img src={p.pic} alt="" />
            <div>
              <Link to={`/productdetails?prodId=${p.prodId}`}>
                <strong>{p.prodName}</strong>
              </Link>
              <div>{t('products.price', { price: money(p.price) })}</div>
              <div className="sourcing-muted">{t('products.moq', { count: p.moq })}</div>
              <ShippingEstimate prodId={p.prodId} skuId={p.skuId} count={p.moq} />
              {p.tiers.length ? (
                <ul className="sourcing-tiers" aria-label={t('products.tiers')}>
                  {p.tiers.map((tier) => (
                    <li key={tier.minQuantity}>
                      {t('products.tier', { quantity: tier.minQuantity, price: money(tier.unitPrice) })}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="sourcing-product-actions">
                <Button
                  onClick={async () => {
                    const result = await wish.mutateAsync({ prodId: p.prodId });
                    if (result.success) toast.success(t('products.wished', { name: p.prodName }));
                  }}
                  loading={wish.isPending}
                >
                  {t('products.wish')}
                </Button>
                <Link
                  className="button button-primary"
                  to={
                    p.skuId
                      ? `/user/paynoworder?prodId=${p.prodId}&skuId=${p.skuId}&count=${p.moq}`
                      : `/productdetails?prodId=${p.prodId}`
                  }
                >
                  {t('products.buy')}
                </Link>
                {/* Into the owner's stock (decision 0126) and onto their store (decision 0124): the
                    pages of those features take the product from the address. */}
                {p.skuId ? (
                  <Link className="button" to={`/user/inventoryorders?buy=${p.prodId}:${p.skuId}:${p.moq}`}>
                    {t('products.inventory')}
                  </Link>
                ) : null}
                <Link className="button" to={`/user/listed?list=${p.prodId}`}>
                  {t('products.list')}
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
