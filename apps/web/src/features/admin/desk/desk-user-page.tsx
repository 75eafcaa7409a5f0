import { useState } from 'react';
import { DESK_ORDER_SOURCES, type OrderSummary } from '@dsm/contract';
import { Alert, Select, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrderStateTag, formatOrderTime } from '../../../components/orders/order-view';
import { AgentThread } from '../../../components/sourcing/agent-thread';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { AdminPage } from '../shared/admin-page';
import { ListTable } from '../shared/list-table';
import { useDeskOrders } from './desk.api';

type Source = (typeof DESK_ORDER_SOURCES)[number];

/**
 * /admin/desk/:userId (decision 0137): one assigned user's orders — catalogue, store and
 * inventory orders — newest first, each opening read-only, and the user's thread.
 */
export default function DeskUserPage() {
  const { t } = useTranslation(['sourcing', 'orders']);
  const lang = useSession((s) => s.lang);
  const { userId = '' } = useParams();
  const [filter, setFilter] = useState<{ source: Source; current: number; size: number }>({
    source: 'all',
    current: 1,
    size: 20,
  });
  const list = useDeskOrders(userId, filter);
  const page = list.data;
  const numberId = (o: OrderSummary) => `desk-order-${o.id}`;
  const orderPath = (id: string) => `/admin/desk/${userId}/orders/${id}`;

  const columns: TableColumnsType<OrderSummary> = [
    {
      key: 'number',
      title: t('orders:list.order'),
      render: (_, o) => (
        <Space orientation="vertical" size={0}>
          <strong id={numberId(o)}>{o.number}</strong>
          <span className="admin-muted">{formatOrderTime(o.createdAt, lang)}</span>
        </Space>
      ),
    },
    { key: 'source', title: t('desk.source'), render: (_, o) => t(`desk.sources.${o.source}`) },
    {
      key: 'state',
      title: t('orders:list.state'),
      render: (_, o) => <OrderStateTag state={o.state} abnormal={o.abnormal} />,
    },
    {
      key: 'items',
      title: t('orders:list.items'),
      render: (_, o) => <span className="admin-break">{o.firstLine?.title ?? ''}</span>,
    },
    {
      key: 'total',
      title: t('orders:list.total'),
      align: 'right',
      render: (_, o) => formatMoney(o.total, null, lang),
    },
    {
      key: 'tracking',
      title: t('desk.tracking'),
      render: (_, o) => (o.trackingNumber ? `${o.carrier ?? ''} ${o.trackingNumber}`.trim() : '—'),
    },
  ];

  return (
    <AdminPage
      title={t('routes:admin-desk-user')}
      back={{ to: '/admin/desk', label: t('routes:admin-desk') }}
      intro={t('desk.user-intro')}
    >
      {list.isError ? <Alert type="warning" showIcon title={t('desk.user-not-found')} /> : null}
      <Select<Source>
        aria-label={t('desk.source')}
        value={filter.source}
        onChange={(source) => setFilter({ ...filter, source, current: 1 })}
        options={DESK_ORDER_SOURCES.map((s) => ({ value: s, label: t(`desk.sources.${s}`) }))}
        style={{ minWidth: 200, marginBottom: 12 }}
      />
      <ListTable<OrderSummary>
        label={t('desk.orders')}
        rows={page?.records ?? []}
        columns={columns}
        rowKey="id"
        rowName={(o) => o.number}
        actionsTitle={t('desk.actions')}
        actions={(o) => (
          <Link to={orderPath(o.id)} aria-describedby={numberId(o)}>
            {t('desk.view-order')}
          </Link>
        )}
        loading={list.isFetching}
        empty={t('desk.no-orders')}
        serverPaged
        pagination={{
          current: filter.current,
          pageSize: filter.size,
          total: page?.total ?? 0,
          onChange: (current, size) => setFilter({ ...filter, current, size }),
        }}
      />
      {list.isError ? null : <AgentThread userId={userId} orderLink={orderPath} />}
    </AdminPage>
  );
}
