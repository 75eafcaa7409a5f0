import { useState } from 'react';
import {
  ERRORS,
  PAYOUT_REFERENCE_MAX,
  REJECT_REASON_MAX,
  WITHDRAWAL_METHOD_FIELDS,
  WITHDRAWAL_STATES,
  type AdminWithdrawal,
  type WithdrawalState,
} from '@dsm/contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../../lib/countries';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../shared/format';
import { AdminListPage } from '../shared/list-page';
import { RequestCell, queuePaging } from '../shared/queue';
import {
  type AdminWithdrawalsFilter,
  approveWithdrawal,
  rejectWithdrawal,
  useAdminWithdrawals,
  useRefreshWithdrawals,
} from './withdrawals.api';

const STATE_COLORS: Record<WithdrawalState, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};
const COUNTRY_FIELDS = new Set(['country', 'bankCountry']);

type Decision = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal; key: string };

/** /admin/withdrawals: the pending requests with their destination; approve (payout reference) or reject (reason). */
export default function AdminWithdrawalsPage() {
  const { t } = useTranslation(['admin', 'withdrawals']);
  const lang = useSession((s) => s.lang);
  const countryName = useCountryName();
  const [filter, setFilter] = useState<AdminWithdrawalsFilter>({ state: 'pending', current: 1, size: 20 });
  const list = useAdminWithdrawals(filter);
  const refresh = useRefreshWithdrawals();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ text: string }>();
  const usd = (amount: number) => formatMoney(amount, null, lang);

  const open = (kind: Decision['kind'], withdrawal: AdminWithdrawal) => {
    form.resetFields();
    // One key per dialog: a double click or a retried request decides once.
    setDecision({ kind, withdrawal, key: crypto.randomUUID() });
  };

  async function decide({ text }: { text: string }) {
    if (!decision) return;
    const { kind, withdrawal, key } = decision;
    setSaving(true);
    const result =
      kind === 'approve'
        ? await approveWithdrawal(withdrawal.id, text, key)
        : await rejectWithdrawal(withdrawal.id, text, key);
    setSaving(false);
    if (result.success) {
      toast.success(
        t(kind === 'approve' ? 'withdrawals.approved' : 'withdrawals.rejected', { number: withdrawal.number }),
      );
      setDecision(null);
      await refresh();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      const first = (result.data as Array<{ message?: string }>)[0]?.message ?? result.msg;
      form.setFields([{ name: 'text', errors: [first] }]);
      return;
    }
    // Decided meanwhile (another operator, or the user cancelled): say so and show the list as it is.
    toast.warning(result.msg);
    setDecision(null);
    await refresh();
  }

  const destination = (w: AdminWithdrawal) => (
    <Descriptions
      className="admin-withdrawal-destination"
      column={1}
      size="small"
      items={['beneficiaryName', ...WITHDRAWAL_METHOD_FIELDS[w.method]]
        .filter((k) => w.destination[k])
        .map((k) => {
          const value = w.destination[k]!;
          return {
            key: k,
            label: t(`withdrawals:fields.${k}`),
            children: COUNTRY_FIELDS.has(k)
              ? `${countryName(value)} (${value})`
              : k === 'accountType'
                ? t(`withdrawals:account-types.${value}`)
                : value,
          };
        })}
    />
  );

  const columns: TableColumnsType<AdminWithdrawal> = [
    {
      key: 'number',
      title: t('withdrawals.request'),
      render: (_, w) => <RequestCell number={w.number} when={formatDateTime(w.createdAt, lang)} email={w.userEmail} />,
    },
    {
      key: 'amount',
      title: t('withdrawals.amount'),
      render: (_, w) => (
        <Space orientation="vertical" size={0}>
          <strong>{usd(w.amount)}</strong>
          <span className="admin-muted">{t(`withdrawals:methods.${w.method}`)}</span>
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('withdrawals.state'),
      render: (_, w) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLORS[w.state]}>{t(`withdrawals:states.${w.state}`)}</Tag>
          {w.payoutReference ? (
            <span>{t('withdrawals:history.payout-reference', { reference: w.payoutReference })}</span>
          ) : null}
          {w.rejectReason ? <span>{t('withdrawals:history.reject-reason', { reason: w.rejectReason })}</span> : null}
          {w.decidedByEmail ? (
            <span className="admin-muted">{t('withdrawals.decided-by', { email: w.decidedByEmail })}</span>
          ) : null}
        </Space>
      ),
    },
    { key: 'destination', title: t('withdrawals.destination'), render: (_, w) => destination(w) },
  ];

  const approving = decision?.kind === 'approve';
  return (
    <>
      <AdminListPage<AdminWithdrawal>
        title={filter.state === 'pending' ? t('withdrawals.title') : t('routes:admin-withdrawals')}
        intro={t('withdrawals.intro')}
        actions={
          <Select
            aria-label={t('withdrawals.filter')}
            value={filter.state}
            onChange={(state) => setFilter({ ...filter, state, current: 1 })}
            options={(
              ['pending', 'approved', 'rejected', 'cancelled', 'all'] as const satisfies ReadonlyArray<
                'all' | (typeof WITHDRAWAL_STATES)[number]
              >
            ).map((s) => ({ value: s, label: t(`withdrawals:states.${s}`) }))}
            style={{ minWidth: 160 }}
          />
        }
        loadError={<Alert type="error" showIcon title={list.error?.message} />}
        empty={filter.state === 'pending' ? t('withdrawals.empty-pending') : t('withdrawals.empty')}
        rowKey="id"
        columns={columns}
        query={list}
        paging={queuePaging(filter, setFilter, (count) => t('withdrawals.total', { count }))}
        rowName={(w) => w.number}
        actionsTitle={t('withdrawals.action')}
        rowActions={(w) =>
          w.state === 'pending' ? (
            <Space orientation="vertical">
              <Button
                type="primary"
                size="small"
                onClick={() => open('approve', w)}
                aria-label={t('withdrawals.approve-label', { number: w.number })}
              >
                {t('withdrawals.approve')}
              </Button>
              <Button
                danger
                size="small"
                onClick={() => open('reject', w)}
                aria-label={t('withdrawals.reject-label', { number: w.number })}
              >
                {t('withdrawals.reject')}
              </Button>
            </Space>
          ) : null
        }
      />
      <Modal
        open={decision !== null}
        title={
          decision
            ? t(approving ? 'withdrawals.approve-title' : 'withdrawals.reject-title', {
                number: decision.withdrawal.number,
              })
            : ''
        }
        onCancel={() => setDecision(null)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setDecision(null)}>
            {t('actions.cancel')}
          </Button>,
          <Button key="ok" type="primary" danger={!approving} loading={saving} onClick={() => form.submit()}>
            {t(approving ? 'withdrawals.approve-ok' : 'withdrawals.reject-ok')}
          </Button>,
        ]}
      >
        {decision ? (
          <>
            <p>
              {t(approving ? 'withdrawals.approve-text' : 'withdrawals.reject-text', {
                amount: usd(decision.withdrawal.amount),
                email: decision.withdrawal.userEmail,
              })}
            </p>
            <Form form={form} layout="vertical" onFinish={(v) => void decide(v)} requiredMark>
              <Form.Item
                name="text"
                label={t(approving ? 'withdrawals.payout-reference' : 'withdrawals.reason')}
                required
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t(approving ? 'withdrawals.payout-reference-required' : 'withdrawals.reason-required'),
                  },
                ]}
              >
                {approving ? (
                  <Input maxLength={PAYOUT_REFERENCE_MAX} autoFocus />
                ) : (
                  <Input.TextArea rows={3} maxLength={REJECT_REASON_MAX} autoFocus />
                )}
              </Form.Item>
            </Form>
          </>
        ) : null}
      </Modal>
    </>
  );
}
