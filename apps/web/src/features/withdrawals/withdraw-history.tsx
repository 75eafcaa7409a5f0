import { useState } from 'react';
import { WITHDRAWAL_STATES, type Withdrawal, type WithdrawalState } from '@dsm/contract';
import { Alert, Button, Popconfirm, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { DestinationList } from './destination';
import { type HistoryFilter, cancelWithdrawal, useHistory, useRefreshAfterChange } from './withdrawals.api';

const STATE_COLORS: Record<WithdrawalState, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

const formatDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The user's withdrawal requests: state, amount, where to, the outcome; Cancel while pending. */
export function WithdrawHistory() {
  const { t } = useTranslation('withdrawals');
  const lang = useSession((s) => s.lang);
  const [filter, setFilter] = useState<HistoryFilter>({ state: 'all', current: 1, size: 10 });
  const history = useHistory(filter);
  const refresh = useRefreshAfterChange();
  const [cancelling, setCancelling] = useState<string | null>(null);

  async function cancel(w: Withdrawal) {
    setCancelling(w.id);
    const result = await cancelWithdrawal(w.id);
    setCancelling(null);
    if (result.success) toast.success(t('history.cancelled', { number: w.number }));
    await refresh();
  }

  const columns: TableColumnsType<Withdrawal> = [
    {
      key: 'number',
      title: t('history.number'),
      render: (_, w) => (
        <div className="withdraw-cell">
          <strong>{w.number}</strong>
          <span className="withdraw-muted">{formatDate(w.createdAt, lang)}</span>
        </div>
      ),
    },
    {
      key: 'amount',
      title: t('history.amount'),
      render: (_, w) => (
        <div className="withdraw-cell">
          <strong>{formatMoney(w.amount, null, lang)}</strong>
          <span className="withdraw-muted">{t(`methods.${w.method}`)}</span>
        </div>
      ),
    },
    {
      key: 'destination',
      title: t('history.destination'),
      responsive: ['xxl'],
      // The account in one line on wide screens; every field is in the expanded row.
      render: (_, w) => (
        <div className="withdraw-cell">
          <span>{w.destination.beneficiaryName}</span>
          <span className="withdraw-muted">
            {w.destination.iban ?? w.destination.payoneerEmail ?? w.destination.accountNumber}
          </span>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('history.state'),
      width: 280,
      render: (_, w) => (
        <div className="withdraw-cell">
          <Tag color={STATE_COLORS[w.state]}>{t(`states.${w.state}`)}</Tag>
          {w.payoutReference ? <span>{t('history.payout-reference', { reference: w.payoutReference })}</span> : null}
          {w.rejectReason ? (
            <span className="withdraw-reason">{t('history.reject-reason', { reason: w.rejectReason })}</span>
          ) : null}
          {w.closedAt ? (
            <span className="withdraw-muted">{t('history.closed-at', { date: formatDate(w.closedAt, lang) })}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'action',
      title: t('history.action'),
      render: (_, w) =>
        w.state === 'pending' ? (
          <Popconfirm
            title={t('history.cancel-title', { number: w.number })}
            description={t('history.cancel-text')}
            okText={t('history.cancel-ok')}
            cancelText={t('history.keep')}
            onConfirm={() => cancel(w)}
          >
            <Button
              size="small"
              danger
              loading={cancelling === w.id}
              aria-label={t('history.cancel-label', { number: w.number })}
            >
              {t('history.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <section className="withdraw-history" aria-labelledby="withdraw-history-title">
      <div className="withdraw-history-head">
        <h2 id="withdraw-history-title">{t('history.title')}</h2>
        <Segmented
          aria-label={t('history.filter')}
          value={filter.state}
          onChange={(state) => setFilter({ ...filter, state: state as HistoryFilter['state'], current: 1 })}
          options={(['all', ...WITHDRAWAL_STATES] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
      </div>
      {history.isError ? (
        <Alert type="error" showIcon title={history.error.message} />
      ) : (
        <Table<Withdrawal>
          rowKey="id"
          columns={columns}
          dataSource={history.data?.records ?? []}
          loading={history.isFetching}
          locale={{ emptyText: t('history.empty') }}
          expandable={{
            expandedRowRender: (w) => <DestinationList method={w.method} values={w.destination} />,
            expandRowByClick: false,
          }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: filter.current,
            pageSize: filter.size,
            total: history.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (count) => t('history.total', { count }),
            onChange: (current, size) => setFilter({ ...filter, current, size }),
          }}
        />
      )}
    </section>
  );
}
