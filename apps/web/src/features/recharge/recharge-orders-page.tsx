import { useRef, useState } from 'react';
import { Alert, Button, Table, Tabs, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RECHARGE_STATES, type RechargeOrder } from '@dsm/contract';
import { RechargeStateTag } from '../../components/ui/recharge-state-tag';
import { rechargeKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { useConfirmCancel } from './confirm';
import { UsdAmount } from '../../components/payment/money';
import { cancelRecharge, type RechargeFilter, rechargesQuery } from './recharge.api';
import '../../components/payment/payment.css';

const FILTERS = ['all', ...RECHARGE_STATES] as const;

/** /user/rechargeorder: the user's recharge orders by state (SPEC §4), newest first. */
export default function RechargeOrdersPage() {
  const { t } = useTranslation('recharge');
  const lang = useSession((s) => s.lang);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<RechargeFilter>({ state: 'all', current: 1, size: 10 });
  const list = useQuery(rechargesQuery(filter));
  const [confirmCancel, holder] = useConfirmCancel();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const cancelKeys = useRef(new Map<string, string>());
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });

  async function cancel(order: RechargeOrder) {
    if (!(await confirmCancel(order.number))) return;
    const key = cancelKeys.current.get(order.id) ?? crypto.randomUUID();
    cancelKeys.current.set(order.id, key);
    setCancelling(order.id);
    const result = await cancelRecharge(order.id, key);
    setCancelling(null);
    if (result.success) void client.invalidateQueries({ queryKey: rechargeKeys.all });
  }

  function noteOf(o: RechargeOrder): string {
    if (o.note) return o.note;
    return o.state === 'closed' && o.closeReason ? t(`close-reason.${o.closeReason}`) : '';
  }

  const columns: TableColumnsType<RechargeOrder> = [
    { title: t('summary.number'), key: 'number', render: (_, o) => <strong>{o.number}</strong> },
    { title: t('summary.state'), key: 'state', render: (_, o) => <RechargeStateTag state={o.state} /> },
    { title: t('summary.method'), key: 'method', render: (_, o) => t(`method.${o.method}`) },
    { title: t('summary.amount'), key: 'amount', align: 'right', render: (_, o) => <UsdAmount value={o.amount} /> },
    { title: t('summary.fee'), key: 'fee', align: 'right', render: (_, o) => <UsdAmount value={o.fee} /> },
    {
      title: t('summary.total'),
      key: 'total',
      align: 'right',
      render: (_, o) => (
        <strong>
          <UsdAmount value={o.total} />
        </strong>
      ),
    },
    {
      title: t('orders.note'),
      key: 'note',
      render: (_, o) => {
        const note = noteOf(o);
        return (
          <div className="orders-note">
            {note ? <span>{note}</span> : null}
            {o.slip ? <span className="payment-muted">{t('orders.slip', { name: o.slip.fileName })}</span> : null}
            {!note && !o.slip ? <span className="payment-muted">—</span> : null}
          </div>
        );
      },
    },
    { title: t('orders.created'), key: 'created', render: (_, o) => date.format(new Date(o.createdAt)) },
    {
      title: t('orders.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, o) =>
        o.state === 'awaiting-payment' ? (
          <div className="orders-actions">
            <Button
              size="small"
              type="primary"
              aria-label={t('orders.pay-named', { number: o.number })}
              onClick={() => void navigate(`/user/payment?recharge=${encodeURIComponent(o.id)}`)}
            >
              {t('orders.pay')}
            </Button>
            <Button
              size="small"
              danger
              loading={cancelling === o.id}
              aria-label={t('orders.cancel-named', { number: o.number })}
              onClick={() => void cancel(o)}
            >
              {t('orders.cancel')}
            </Button>
          </div>
        ) : (
          <Link
            to={`/user/payconfirmation?recharge=${encodeURIComponent(o.id)}`}
            aria-label={t('orders.details-named', { number: o.number })}
          >
            {t('orders.details')}
          </Link>
        ),
    },
  ];

  return (
    <div className="payment-page payment-page-wide">
      {holder}
      <div className="payment-head">
        <h1>{t('orders.title')}</h1>
        <Link className="button button-primary" to="/user/recharge">
          {t('links.recharge')}
        </Link>
      </div>
      <Tabs
        activeKey={filter.state}
        onChange={(state) => setFilter((f) => ({ ...f, current: 1, state: state as RechargeFilter['state'] }))}
        items={FILTERS.map((s) => ({ key: s, label: s === 'all' ? t('orders.all') : t(`state.${s}`) }))}
      />
      {list.isError ? <Alert type="error" showIcon title={t('load-failed')} /> : null}
      <Table<RechargeOrder>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('orders.empty') }}
        pagination={{
          current: filter.current,
          pageSize: filter.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('orders.total', { count: total }),
          onChange: (current, size) => setFilter((f) => ({ ...f, current, size })),
        }}
      />
    </div>
  );
}
