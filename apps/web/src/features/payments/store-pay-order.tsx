import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreMoney, StorePayOrder } from '@dsm/contract';
import { useSession } from '../../lib/session';
import { useUsd } from '../../components/payment/money';

/** An amount in the store's own currency, as the store shows it. */
export function useStoreMoney(): (m: StoreMoney) => string {
  const lang = useSession((s) => s.lang);
  return (m) => new Intl.NumberFormat(lang, { style: 'currency', currency: m.currency }).format(m.amount);
}

/**
 * One store order of the quote: per shipment its warehouse, method and lines (our price beside
 * the store's selling price; a line from the owner's inventory says its goods are already paid,
 * decision 0129), then the landed cost in USD against the store's selling total and
 * the margin — each figure says its currency.
 */
export function StorePayOrderCard({ order }: { order: StorePayOrder }) {
  const { t } = useTranslation('payments');
  const usd = useUsd();
  const store = useStoreMoney();
  const lang = useSession((s) => s.lang);
  const percent = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n);
  const { landed } = order;
  // Imported without a store price (decision 0132): no selling total, so neither a gain nor a loss.
  const noPrice = landed.sellingGiven === false;
  const marginClass = noPrice
    ? 'pay-order-muted'
    : landed.margin !== null && landed.margin < 0
      ? 'store-pay-loss'
      : 'store-pay-gain';
  return (
    <article className="store-pay-order" aria-label={t('store-pay.order', { number: order.number })}>
      <header className="store-pay-order-head">
        <strong>{t('store-pay.order', { number: order.number })}</strong>
        <span className="pay-order-muted">
          {order.storeId === null ? t('store-pay.excel') : order.storeName} · {order.countryCode}
        </span>
      </header>
      {order.shipments.map((s) => (
        <section key={s.key} className="store-pay-shipment">
          <p className="store-pay-shipment-head">
            {t('store-pay.shipment', { warehouse: s.warehouse, method: s.method.name })}{' '}
            <span className="pay-order-muted">
              {t('store-pay.days', { min: s.method.days.min, max: s.method.days.max })} ·{' '}
              {t(`store-pay.source.${s.method.source}`)}
            </span>
          </p>
          <ul className="pay-order-lines">
            {s.lines.map((l) => (
              <li key={l.skuId} className="pay-order-line">
                {l.image ? (
                  <img src={l.image} alt="" width={40} height={40} />
                ) : (
                  <span className="pay-order-line-noimage" />
                )}
                <span className="pay-order-line-text">
                  <strong>{l.title}</strong>
                  <span className="pay-order-muted">
                    {l.skuCode} × {l.count}
                    {l.storeUnitPrice ? ` · ${t('store-pay.sold-at', { price: store(l.storeUnitPrice) })}` : ''}
                  </span>
                  {l.fromInventory ? <Tag color="green">{t('store-pay.from-inventory')}</Tag> : null}
                </span>
                <span className="pay-order-line-price">{usd(l.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <p className="pay-order-muted store-pay-shipment-sum">
            {t('store-pay.shipment-sum', {
              goods: usd(s.goods),
              shipping: usd(s.shipping),
              fee: usd(s.serviceFee),
              tax: usd(s.tax),
              total: usd(s.total),
            })}
          </p>
        </section>
      ))}
      <dl className="store-pay-landed">
        <div>
          <dt>{t('store-pay.landed')}</dt>
          <dd data-testid="landed">{usd(landed.total)}</dd>
        </div>
        <div>
          <dt>{t('store-pay.selling', { currency: landed.selling.currency })}</dt>
          <dd>
            {noPrice ? '—' : store(landed.selling)}
            {landed.sellingUsd !== null && landed.selling.currency !== 'USD' ? (
              <span className="pay-order-muted"> ≈ {usd(landed.sellingUsd)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('store-pay.margin')}</dt>
          <dd className={marginClass} data-testid="margin">
            {noPrice
              ? t('store-pay.no-store-price')
              : landed.margin === null
                ? t('store-pay.no-rate', { currency: landed.selling.currency })
                : `${usd(landed.margin)} (${percent(landed.marginPercent ?? 0)} %)`}
          </dd>
        </div>
      </dl>
    </article>
  );
}
