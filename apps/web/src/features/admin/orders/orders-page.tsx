import { useEffect, useState } from 'react';
import type { AdminOrder } from '@dsm/contract';
import { Alert, Button, Drawer, Select, Skeleton, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OrderStateTag, OrderView, formatOrderTime } from '../../../components/orders/order-view';
import { TrackingPushNote } from '../../../components/orders/tracking-push';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { AdminListPage } from '../shared/list-page';
import { StepNotice } from '../shared/step-notice';
import { AdminOrderActions, type OrderStep } from './order-admin-actions';
import {
  adminOrderActions,
  useAdminOrder,
  useAdminOrders,
  useAdminTwoParts,
  useRefreshAdminOrders,
} from './orders.api';
import { TwoPartsPanel } from '../../../components/orders/two-parts';

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
const isFilter = (v: string | null): v is StateFilter => STATE_FILTERS.includes(v as StateFilter);
/** The id of the element that shows an order's number: its buttons are described by it. */
const numberId = (id: string) => `admin-order-${id}-number`;

/** The last step taken from this list: which order went where. */
interface Moved {
  number: string;
  step: OrderStep;
  to: StateFilter;
}

/**
 * /admin/orders (decision 0087): every user's orders by state, pending first (what to buy), an
 * abnormal filter, the detail in a drawer, and the buttons the state machine allows: purchase,
 * ship (carrier + tracking number), deliver, mark abnormal (reason). Amounts in USD, the
 * console's currency. The state filter is in the address (`?state=`), so that after a step the
 * notice can link to where the order went instead of it silently leaving the filtered list.
 */
export default function AdminOrdersPage() {
  const { t } = useTranslation(['orders', 'admin']);
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state: StateFilter = isFilter(asked) ? asked : 'pending';
  // The page number belongs to the state it was chosen in: another state starts at its first page.
  const [paging, setPaging] = useState({ state, current: 1, size: 20 });
  const filter = { state, current: paging.state === state ? paging.current : 1, size: paging.size };
  const [opened, setOpened] = useState<string | null>(null);
  const [moved, setMoved] = useState<Moved | null>(null);
  const list = useAdminOrders(filter);
  const setState = (next: StateFilter) => setParams((p) => (p.set('state', next), p), { replace: true });
  const usd = (v: number) => formatMoney(v, null, lang);

  const columns: TableColumnsType<AdminOrder> = [
    {
      key: 'number',
      title: t('list.order'),
      render: (_, o) => (
        <Space orientation="vertical" size={0}>
          <strong id={numberId(o.id)}>{o.number}</strong>
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
        <Space orientation="vertical" size={0} className="admin-order-items">
          <span>{o.firstLine?.title ?? ''}</span>
          <span className="admin-muted">{`${t('admin.items', { count: o.itemCount })} · ${t('admin.lines', { count: o.lineCount })}`}</span>
        </Space>
      ),
    },
    {
      key: 'shipping',
      title: t('detail.shipping'),
      render: (_, o) => (
        <Space orientation="vertical" size={0} className="admin-order-shipping">
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
        before={<MovedNotice moved={moved} showing={state} onClose={() => setMoved(null)} />}
        paging={{
          current: filter.current,
          size: filter.size,
          onChange: (current, size) => setPaging({ state, current, size }),
        }}
        rowName={(o) => o.number}
        filters={
          <Select<StateFilter>
            aria-label={t('admin.filter')}
            value={state}
            onChange={setState}
            options={STATE_FILTERS.map((s) => ({ value: s, label: t(`admin.states.${s}`) }))}
            style={{ minWidth: 200 }}
          />
        }
        rowActions={(o) => (
          <>
            <Button size="small" onClick={() => setOpened(o.id)} aria-describedby={numberId(o.id)}>
              {t('admin.details')}
            </Button>
            <AdminOrderActions
              order={o}
              describedBy={numberId(o.id)}
              compact
              onMoved={(step, to) => setMoved({ number: o.number, step, to })}
            />
          </>
        )}
      />
      {opened ? <AdminOrderDrawer id={opened} onOpen={setOpened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}

/** What the last step did, with a link to the filter that now holds the order when this one does not. */
function MovedNotice({ moved, showing, onClose }: { moved: Moved | null; showing: StateFilter; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const gone = moved !== null && showing !== 'all' && showing !== moved.to;
  return (
    <StepNotice
      text={
        moved
          ? t(`admin.done-${moved.step === 'mark-abnormal' ? 'abnormal' : moved.step}`, { number: moved.number })
          : null
      }
      show={
        moved && gone ? (
          <Link to={`?state=${moved.to}`} replace>
            {t('admin.show-moved', { state: t(`admin.states.${moved.to}`) })}
          </Link>
        ) : null
      }
      onClose={onClose}
    />
  );
}

function AdminOrderDrawer({ id, onOpen, onClose }: { id: string; onOpen: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const lang = useSession((s) => s.lang);
  const order = useAdminOrder(id);
  const refresh = useRefreshAdminOrders();
  const o = order.data;
  // Keyed by the order's state, so a purchase or a shipment reads the parts again.
  const twoParts = useAdminTwoParts(o?.purchaseType === 'bulk' && o.paidAt ? id : null);
  const { refetch } = twoParts;
  const state = o?.state;
  useEffect(() => {
    if (state) void refetch();
  }, [state, refetch]);
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
          {o.trackingPush ? (
            <TrackingPushNote
              push={o.trackingPush}
              lang={lang}
              onRetry={() => adminOrderActions.retryPush(o.id).then(() => refresh())}
            />
          ) : null}
          {twoParts.data ? (
            <TwoPartsPanel parts={twoParts.data} money={(v) => formatMoney(v, null, lang)} viewer="operator" />
          ) : null}
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
