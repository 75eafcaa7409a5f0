import {
  type OrderAddress,
  type OrderDetail,
  type OrderEventDto,
  type OrderLine,
  type OrderState,
  addressLines,
} from '@dsm/contract';
import { Alert, Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../lib/countries';
import './orders.css';

/**
 * One order as both the user's drawer and the operator's console show it (decision 0087): lines,
 * addresses, shipping, amounts, the children of a split and the timeline. Shared through
 * components/ because features do not import each other; texts are the `orders` namespace.
 */

export const STATE_COLORS: Record<OrderState, string> = {
  'awaiting-payment': 'gold',
  pending: 'blue',
  purchasing: 'geekblue',
  shipped: 'cyan',
  delivered: 'green',
  trashed: 'default',
  split: 'purple',
};

export function OrderStateTag({ state, abnormal }: { state: OrderState; abnormal?: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <span className="order-tags">
      <Tag color={STATE_COLORS[state]}>{t(`states.${state}`)}</Tag>
      {abnormal ? <Tag color="red">{t('abnormal.tag')}</Tag> : null}
    </span>
  );
}

export function formatOrderTime(iso: string | null, lang: string): string {
  return iso ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '';
}

export const specsText = (specs: Record<string, string>) =>
  Object.entries(specs)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

interface OrderViewProps {
  order: OrderDetail;
  money: (usd: number) => string;
  lang: string;
  /** Who reads it: the user sees "You" for their own events, the operator sees "Customer". */
  viewer: 'user' | 'operator';
  /** A child order of a split, as a link or button to open it. */
  renderChild?: (child: OrderDetail['children'][number]) => ReactNode;
  /** The user's invoice link (paid orders). */
  extra?: ReactNode;
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  const countryName = useCountryName();
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  return (
    <section className="order-address" aria-label={title}>
      <h3>{title}</h3>
      {name ? <p>{name}</p> : null}
      {address.company ? <p>{address.company}</p> : null}
      {addressLines(address, { countryName }).map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      {address.phoneNumber ? <p>{address.phoneNumber}</p> : null}
      {address.emails ? <p>{address.emails}</p> : null}
    </section>
  );
}

export function OrderTimeline({
  events,
  lang,
  viewer,
}: {
  events: OrderEventDto[];
  lang: string;
  viewer: 'user' | 'operator';
}) {
  const { t } = useTranslation('orders');
  const who = (e: OrderEventDto) =>
    e.actorType === 'user' ? t(viewer === 'user' ? 'actors.you' : 'actors.customer') : t(`actors.${e.actorType}`);
  return (
    <ol className="order-timeline" aria-label={t('detail.timeline')}>
      {events.map((e, i) => (
        <li key={i} data-testid="order-event">
          <div className="order-event-head">
            <strong>{t(`events.${e.event}`)}</strong>
            <time dateTime={e.at}>{formatOrderTime(e.at, lang)}</time>
          </div>
          <div className="order-event-body">
            {e.fromState && e.fromState !== e.toState
              ? t('detail.from-to', { from: t(`states.${e.fromState}`), to: t(`states.${e.toState}`) })
              : t(`states.${e.toState}`)}
            {' · '}
            {t('detail.by', { who: who(e) })}
          </div>
          {e.reason ? <div className="order-event-reason">{t('detail.reason', { reason: e.reason })}</div> : null}
        </li>
      ))}
    </ol>
  );
}

export function OrderView({ order, money, lang, viewer, renderChild, extra }: OrderViewProps) {
  const { t } = useTranslation('orders');
  const columns: TableColumnsType<OrderLine> = [
    {
      key: 'item',
      title: t('detail.item'),
      render: (_, l) => (
        <div className="order-item">
          {l.image ? (
            <img src={l.image} alt="" width={48} height={48} loading="lazy" />
          ) : (
            <span className="order-item-pic" />
          )}
          <div>
            <div className="order-item-title">{l.title}</div>
            {/* The name it was bought under (the buyer's language at submit), when the reader's differs. */}
            {l.orderedTitle ? (
              <div className="order-muted" data-testid="order-line-ordered-as">
                {t('detail.ordered-as', { title: l.orderedTitle })}
              </div>
            ) : null}
            <div className="order-muted">{[l.skuCode, specsText(l.specs)].filter(Boolean).join(' · ')}</div>
            {l.fromInventory ? <div className="order-from-inventory">{t('detail.from-inventory')}</div> : null}
          </div>
        </div>
      ),
    },
    { key: 'price', title: t('detail.unit-price'), align: 'right', render: (_, l) => money(l.unitPrice) },
    { key: 'qty', title: t('detail.quantity'), align: 'right', dataIndex: 'quantity' },
    { key: 'total', title: t('detail.line-total'), align: 'right', render: (_, l) => money(l.lineTotal) },
  ];
  const amounts: Array<[string, string, number]> = [
    ['goods', t('amounts.goods'), order.goods],
    ['shipping', t('amounts.shipping'), order.shipping],
    ['service-fee', t('amounts.service-fee'), order.serviceFee],
    ['tax', t('amounts.tax'), order.tax],
  ];
  return (
    <div className="order-view">
      <div className="order-view-head">
        <OrderStateTag state={order.state} abnormal={order.abnormal} />
        <span className="order-muted">{t('detail.placed', { time: formatOrderTime(order.createdAt, lang) })}</span>
        {extra}
      </div>
      {order.abnormal ? (
        <Alert
          type="error"
          showIcon
          title={t('abnormal.title')}
          description={order.abnormalReason}
          className="order-alert"
        />
      ) : null}
      {order.state === 'split' ? (
        <Alert type="info" showIcon title={t('detail.split-note')} className="order-alert" />
      ) : null}
      {order.children.length ? (
        <section aria-label={t('detail.children')} className="order-section">
          <h3>{t('detail.children')}</h3>
          <ul className="order-children">
            {order.children.map((c) => (
              <li key={c.id}>
                {renderChild ? renderChild(c) : c.number} <OrderStateTag state={c.state} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.placedWith?.length ? (
        <section aria-label={t('detail.placed-with')} className="order-section">
          <h3>{t('detail.placed-with')}</h3>
          <p className="order-muted">{t('detail.placed-with-note', { method: order.shippingMethodName })}</p>
          <ul className="order-children">
            {order.placedWith.map((c) => (
              <li key={c.id}>
                {renderChild ? renderChild(c) : c.number} <OrderStateTag state={c.state} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="order-section" aria-label={t('detail.lines')}>
        <h3>{t('detail.lines')}</h3>
        <Table<OrderLine>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={order.lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </section>
      <div className="order-grid">
        <section className="order-section order-amounts" aria-label={t('detail.amounts')}>
          <h3>{t('detail.amounts')}</h3>
          <dl>
            {amounts.map(([k, label, v]) => (
              <div key={k}>
                <dt>{label}</dt>
                <dd>{money(v)}</dd>
              </div>
            ))}
            {order.discount ? (
              <div>
                <dt>{t('amounts.discount')}</dt>
                <dd>{`−${money(order.discount)}`}</dd>
              </div>
            ) : null}
            <div className="order-total">
              <dt>{t('amounts.total')}</dt>
              <dd data-testid="order-total">{money(order.total)}</dd>
            </div>
          </dl>
        </section>
        <section className="order-section" aria-label={t('detail.shipping')}>
          <h3>{t('detail.shipping')}</h3>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'method', label: t('detail.method'), children: order.shippingMethodName },
              { key: 'carrier', label: t('detail.carrier'), children: order.carrier ?? '—' },
              { key: 'tracking', label: t('detail.tracking'), children: order.trackingNumber ?? '—' },
              ...(order.remark ? [{ key: 'remark', label: t('detail.remark'), children: order.remark }] : []),
            ]}
          />
        </section>
      </div>
      <div className="order-grid">
        <AddressBlock title={t('detail.consignee')} address={order.consignee} />
        <AddressBlock title={t('detail.billing')} address={order.billing} />
      </div>
      <section className="order-section">
        <h3>{t('detail.timeline')}</h3>
        <OrderTimeline events={order.events} lang={lang} viewer={viewer} />
      </section>
    </div>
  );
}
