import { useState } from 'react';
import type { AdminOrder } from '@dsm/contract';
import { Alert, Button, Drawer, Select, Skeleton, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderStateTag, OrderView, formatOrderTime } from '../../../components/orders/order-view';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { AdminListPage } from '../shared/list-page';
import { AdminOrderActions } from './order-admin-actions';
import { type AdminOrdersFilter, useAdminOrder, useAdminOrders } from './orders.api';

/** The filter's order: the purchase queue first, then what follows it, then the rest. */
const STATE_FILTERS = [
  'pending',
  'purchasing',
  'shipped',
  'abnormal',
  'awaiting-payment',
  'delivered',
  'trashed',
  'split',
  'all',
] as const;
type StateFilter = (typeof STATE_FILTERS)[number];

/**
 * /admin/orders (decision 0087): every user's orders by state, pending first (what to buy), an
 * abnormal filter, the detail in a drawer, and the buttons the state machine allows: purchase,
 * ship (carrier + tracking number), deliver, mark abnormal (reason). Amounts in USD, the
 * console's currency.
 */
export default function AdminOrdersPage() {
  const { t } = useTranslation(['orders', 'admin']);
  const lang = useSession((s) => s.lang);
  const [filter, setFilter] = useState<AdminOrdersFilter>({ state: 'pending', current: 1, size: 20 });
  const [opened, setOpened] = useState<string | null>(null);
  const list = useAdminOrders(filter);
  const usd = (v: number) => formatMoney(v, null, lang);

  const columns: TableColumnsType<AdminOrder> = [
    {
      key: 'number',
      title: t('list.order'),
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <strong>{o.number}</strong>
          <span className="admin-muted">{formatOrderTime(o.createdAt, lang)}</span>
          <span className="admin-break">{o.userEmail}</span>
        </Space>
      ),
    },
    { key: 'total', title: t('list.total'), align: 'right', render: (_, o) => <strong>{usd(o.total)}</strong> },
    { key: 'state', title: t('list.state'), render: (_, o) => <OrderStateTag state={o.state} abnormal={o.abnormal} /> },
    {
      key: 'items',
      title: t('list.items'),
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <span>{o.firstLine?.title ?? ''}</span>
          <span className="admin-muted">{`${t('admin.items', { count: o.itemCount })} · ${t('admin.lines', { count: o.lineCount })}`}</span>
        </Space>
      ),
    },
    {
      key: 'shipping',
      title: t('detail.shipping'),
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <span>{o.shippingMethodName}</span>
          {o.trackingNumber ? (
            <span className="admin-muted">{`${o.carrier ?? ''} ${o.trackingNumber}`.trim()}</span>
          ) : null}
          {o.abnormalReason ? (
            <span className="admin-muted">{t('detail.reason', { reason: o.abnormalReason })}</span>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <AdminListPage<AdminOrder>
        title={t('routes:admin-orders')}
        intro={t('admin.intro')}
        rowKey="id"
        columns={columns}
        query={list}
        paging={{
          current: filter.current,
          size: filter.size,
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
        rowName={(o) => o.number}
        filters={
          <Select<StateFilter>
            aria-label={t('admin.filter')}
            value={filter.state}
            onChange={(state) => setFilter({ ...filter, state, current: 1 })}
            options={STATE_FILTERS.map((s) => ({ value: s, label: t(`admin.states.${s}`) }))}
            style={{ minWidth: 200 }}
          />
        }
        rowActions={(o) => (
          <>
            <Button size="small" onClick={() => setOpened(o.id)} aria-label={t('list.open', { number: o.number })}>
              {t('admin.details')}
            </Button>
            <AdminOrderActions order={o} />
          </>
        )}
      />
      {opened ? <AdminOrderDrawer id={opened} onOpen={setOpened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}

function AdminOrderDrawer({ id, onOpen, onClose }: { id: string; onOpen: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const lang = useSession((s) => s.lang);
  const order = useAdminOrder(id);
  const o = order.data;
  return (
    <Drawer open title={o ? t('detail.title', { number: o.number }) : t('detail.loading')} size={760} onClose={onClose}>
      {order.isPending ? <Skeleton active /> : null}
      {order.isError ? <Alert type="warning" showIcon title={t('detail.not-found')} /> : null}
      {o ? (
        <>
          <div className="admin-row-actions">
            <AdminOrderActions order={o} />
          </div>
          <div style={{ height: 12 }} />
          <OrderView
            order={o}
            money={(v) => formatMoney(v, null, lang)}
            lang={lang}
            viewer="operator"
            renderChild={(c) => (
              <Button type="link" size="small" onClick={() => onOpen(c.id)}>
                {c.number}
              </Button>
            )}
          />
        </>
      ) : null}
    </Drawer>
  );
}
