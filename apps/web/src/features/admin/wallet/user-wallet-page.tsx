import type { WalletLine } from '@dsm/contract';
import { Alert, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { AdminPage } from '../shared/admin-page';
import { formatDateTime, pageParams } from '../shared/format';
import { PostingForm } from './posting-form';
import { useAdminWallet } from './wallet.api';
import './wallet-admin.css';

const usd = (amount: number) => `${amount.toFixed(2)} USD`;

/**
 * /admin/users/:userId/wallet: the operator's view of one user's ledger (decision 0077) — the
 * same balances and lines the user sees, in USD as the ledger keeps them — with the forms for a
 * cash adjustment and bonus credit.
 */
export default function UserWalletPage() {
  const { t } = useTranslation(['admin', 'wallet']);
  const lang = useSession((s) => s.lang);
  const { userId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filter = pageParams(params);
  const wallet = useAdminWallet(userId, filter);
  const back = { to: '/admin/users', label: t('wallet.back') };

  if (wallet.isError) {
    const notFound = wallet.error instanceof ApiError && wallet.error.result.errorCode === 'A00006';
    return (
      <AdminPage title={t('routes:admin-wallet')} back={back}>
        <Alert type="error" showIcon title={notFound ? t('wallet.not-found') : wallet.error.message} />
      </AdminPage>
    );
  }
  const data = wallet.data;
  const columns: TableColumnsType<WalletLine> = [
    { key: 'time', dataIndex: 'time', title: t('wallet:history.time'), render: (v: string) => formatDateTime(v, lang) },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('wallet:history.kind'),
      render: (kind: string, l) => (
        <Tag color={l.type === 'income' ? 'green' : 'red'}>{t(`wallet:kinds.${kind}`, { defaultValue: kind })}</Tag>
      ),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('wallet.amount'),
      align: 'end',
      render: (amount: number, l) => (
        <span className="admin-wallet-amount">{`${l.type === 'income' ? '+' : '−'}${amount.toFixed(2)}`}</span>
      ),
    },
    { key: 'note', dataIndex: 'note', title: t('wallet:history.note') },
    {
      key: 'reference',
      title: t('wallet:history.reference'),
      // An operator posting's reference is the user's own id: nothing to show.
      // The number the user quotes (R…, W…) when there is one; the internal id otherwise.
      render: (_, l) =>
        l.referenceType === 'adjustment' ? null : (
          <code title={`${l.referenceType}:${l.referenceId}`}>
            {l.referenceLabel || `${l.referenceType}:${l.referenceId}`}
          </code>
        ),
    },
  ];

  return (
    <AdminPage
      title={data ? t('wallet.title', { name: data.user.email }) : t('routes:admin-wallet')}
      back={back}
      intro={t('wallet.usd')}
    >
      <dl className="admin-wallet-cards">
        {(
          [
            ['available', data?.wallet.balance],
            ['locked', data?.wallet.locked],
            ['bonus', data?.wallet.bonus],
            ['income', data?.wallet.income],
            ['consumption', data?.wallet.consumption],
            ['recharge', data?.wallet.recharge],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className={`admin-wallet-card admin-wallet-card-${key}`}>
            <dt>{t(`wallet:cards.${key}`)}</dt>
            <dd>{value === undefined ? '—' : usd(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-wallet-forms">
        <PostingForm userId={userId} kind="adjustments" />
        <PostingForm userId={userId} kind="bonus" />
      </div>
      <h2 className="admin-wallet-lines" id="admin-wallet-lines">
        {t('wallet.lines')}
      </h2>
      {/* On a phone the ledger is wider than the screen: it scrolls in a frame the keyboard can reach. */}
      <div className="admin-table-scroll" role="region" aria-labelledby="admin-wallet-lines" tabIndex={0}>
        <Table<WalletLine>
          rowKey="id"
          columns={columns}
          dataSource={data?.lines.records ?? []}
          loading={wallet.isFetching}
          locale={{ emptyText: t('wallet:history.empty') }}
          pagination={{
            current: filter.current,
            pageSize: filter.size,
            total: data?.lines.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('wallet:history.total', { count: total }),
            onChange: (current, size) => {
              const next = new URLSearchParams(params);
              if (current > 1) next.set('current', String(current));
              else next.delete('current');
              if (size !== 10) next.set('size', String(size));
              else next.delete('size');
              setParams(next, { replace: true });
            },
          }}
        />
      </div>
    </AdminPage>
  );
}
