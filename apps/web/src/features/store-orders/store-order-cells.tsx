import type { StoreOrderRow } from '@dsm/contract';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatOrderTime } from '../../components/orders/order-view';
import { useCountryName } from '../../lib/countries';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { SyncOrderButton } from './store-order-actions';
import { formatStoreMoney } from './store-orders.format';
import { When } from './sync-status';

/** The id of the element naming a row's order, for its buttons' `aria-describedby`. */
export const numberId = (o: StoreOrderRow) => `so-number-${o.id}`;

/** Store's number, store and platform, date, buyer's country, and ours once paid (opens its drawer). */
export function OrderCell({ order }: { order: StoreOrderRow }) {
  const { t } = useTranslation('store-orders');
  const lang = useSession((s) => s.lang);
  const countryName = useCountryName();
  const [params] = useSearchParams();
  const drawer = new URLSearchParams(params);
  if (order.order) drawer.set('order', order.order.id);
  return (
    <div className="so-order">
      <strong id={numberId(order)} className="so-number">
        {order.number}
      </strong>
      <div>
        {order.storeName} <Tag className="so-platform">{t(`platforms.${order.platform ?? 'excel'}`)}</Tag>
      </div>
      <div className="so-muted">
        <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt, lang)}</time>
        {' · '}
        {order.countryCode ? countryName(order.countryCode) : t('list.no-country')}
      </div>
      {order.order ? (
        <Link to={{ search: `?${drawer.toString()}` }} className="so-ours">
          {t('list.our-number', { number: order.order.number })}
        </Link>
      ) : null}
    </div>
  );
}

/** The first line, how many more, how many are not connected, and the button that shows them all. */
export function ProductsCell({ order, open, onToggle }: { order: StoreOrderRow; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('store-orders');
  const line = order.firstLine;
  return (
    <div className="so-products">
      {line ? (
        <>
          <div className="so-line-title">{line.title}</div>
          <div className="so-muted">
            {[
              line.sku ? t('list.sku', { sku: line.sku }) : t('list.no-sku'),
              t('list.quantity', { count: line.quantity }),
            ]
              .concat(order.lineCount > 1 ? [t('list.more-lines', { count: order.lineCount - 1 })] : [])
              .join(' · ')}
          </div>
        </>
      ) : null}
      {order.unconnectedCount > 0 ? (
        <Tag color="error">{t('list.unconnected-count', { count: order.unconnectedCount })}</Tag>
      ) : (
        <Tag color="success">{t('list.all-connected')}</Tag>
      )}
      <Button
        type="link"
        size="small"
        className="so-toggle"
        aria-expanded={open}
        aria-describedby={numberId(order)}
        onClick={onToggle}
      >
        {open
          ? t('list.hide-lines')
          : order.unconnectedCount > 0 && order.state === 'open'
            ? t('list.connect-lines')
            : t('list.show-lines')}
      </Button>
    </div>
  );
}

/**
 * What the buyer paid the store (its currency), and under it the last quote kept on the order
 * (decision 0120): our landed cost and the margin in the owner's display currency, and how fresh
 * they are; the reason when it could not be quoted.
 */
export function TotalCell({ order }: { order: StoreOrderRow }) {
  const { t } = useTranslation('store-orders');
  const lang = useSession((s) => s.lang);
  const money = useMoney();
  const q = order.quote;
  const percent = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n);
  return (
    <div className="so-money">
      {/* Imported without a store price: its total is no selling price (decision 0132). */}
      <strong className="so-total">{q?.sellingGiven === false ? '—' : formatStoreMoney(order.total, lang)}</strong>
      {!q ? (
        order.order ? null : (
          <div className="so-muted">{t('list.not-quoted')}</div>
        )
      ) : (
        <div className="so-landed" data-testid="landed">
          {q.landed === null ? (
            <div className="so-muted">{q.note ?? t('list.not-quoted')}</div>
          ) : (
            <>
              <div>{t('list.landed', { amount: money(q.landed) })}</div>
              {q.sellingGiven === false ? (
                // Imported without a store price: no selling total to compare with, so no margin (decision 0132).
                <div className="so-muted" data-testid="no-margin">
                  {t('list.margin-none')} · {t('list.no-store-price')}
                </div>
              ) : (
                <div className={q.margin !== null && q.margin < 0 ? 'so-loss' : 'so-gain'}>
                  {q.margin === null
                    ? t('list.no-rate', { currency: q.selling.currency })
                    : t('list.margin', { amount: money(q.margin), percent: percent(q.marginPercent ?? 0) })}
                </div>
              )}
            </>
          )}
          <div className="so-muted">
            {t('list.quoted')} <When at={q.quotedAt} />
          </div>
        </div>
      )}
    </div>
  );
}

/** Abnormal with its reason, why it is in the draft box, the store's own status, our order's state. */
export function StateCell({ order }: { order: StoreOrderRow }) {
  const { t } = useTranslation('store-orders');
  return (
    <div className="so-state">
      {order.abnormal ? (
        <div>
          <Tag color="error">{t('abnormal.tag')}</Tag>
          <span className="so-reason">
            {order.abnormalText ?? (order.abnormalReason ? t(`abnormal.reasons.${order.abnormalReason}`) : '')}
          </span>
        </div>
      ) : null}
      {order.state === 'trashed' && order.trashReason ? (
        <div className="so-muted">{t(`trash-reasons.${order.trashReason}`)}</div>
      ) : null}
      {order.status !== 'open' ? <Tag color="warning">{t(`store-status.${order.status}`)}</Tag> : null}
      {order.order ? <Tag color="blue">{t(`orders:states.${order.order.state}`)}</Tag> : null}
      {!order.abnormal && order.state === 'open' && !order.order && order.status === 'open' ? (
        <Tag>{order.related ? t('tabs.related') : t('tabs.unrelated')}</Tag>
      ) : null}
    </div>
  );
}

/**
 * "Last synced 3 minutes ago · Changed: address" and "sync now" for this order. An order imported
 * from a spreadsheet has no store to read it back from or push to (decisions 0125, 0132): it says
 * which file it came from and when, and offers no sync.
 */
export function SyncCell({ order }: { order: StoreOrderRow }) {
  const { t } = useTranslation('store-orders');
  if (order.source === 'excel')
    return (
      <div className="so-sync">
        <div className="so-file">{t('sync.imported-from', { file: order.imported?.fileName || '—' })}</div>
        <div className="so-muted">
          {t('sync.imported-at')} <When at={order.imported?.importedAt ?? order.lastSyncedAt} />
        </div>
      </div>
    );
  return (
    <div className="so-sync">
      <div>
        {t('sync.synced')} <When at={order.lastSyncedAt} />
      </div>
      {order.lastChanges.length ? (
        <div className="so-muted">
          {order.lastChanges.includes('created')
            ? t('sync.arrived')
            : t('sync.changed', { changes: order.lastChanges.map((c) => t(`changes.${c}`)).join(', ') })}
          {' · '}
          <When at={order.lastChangedAt} />
        </div>
      ) : null}
      <SyncOrderButton order={order} describedBy={numberId(order)} />
    </div>
  );
}
