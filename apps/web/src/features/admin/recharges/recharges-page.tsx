import { useRef, useState } from 'react';
import { Button, Form, Input, Modal, Select, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RECHARGE_METHODS,
  RECHARGE_STATES,
  type AdminRechargeOrder,
  type RechargeMethodName,
  type RechargeState,
} from '@dsm/contract';
import { RechargeStateTag } from '../../../components/ui/recharge-state-tag';
import { formatMoney } from '../../../lib/money';
import { adminKeys, rechargeKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminListPage } from '../shared/list-page';
import { useConfirm } from '../shared/confirm';
import { type AdminRechargeFilter, approveRecharge, rejectRecharge, slipUrl, useAdminRecharges } from './recharges.api';

/**
 * /admin/recharges: recharge orders of every user; by default the bank transfers whose slip waits
 * for a review. Approve credits the wallet; reject closes the order with a reason the user sees.
 */
export default function RechargesPage() {
  const { t } = useTranslation(['admin', 'recharge']);
  const lang = useSession((s) => s.lang);
  const client = useQueryClient();
  const [filter, setFilter] = useState<AdminRechargeFilter>({ state: 'pending', method: 'bank', current: 1, size: 10 });
  const list = useAdminRecharges(filter);
  const [confirm, confirmHolder] = useConfirm();
  const [rejecting, setRejecting] = useState<AdminRechargeOrder | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // One key per order and decision: a second click on the same decision repeats it harmlessly.
  const keys = useRef(new Map<string, string>());
  const keyFor = (what: string) => {
    const key = keys.current.get(what) ?? crypto.randomUUID();
    keys.current.set(what, key);
    return key;
  };
  const usd = (n: number) => formatMoney(n, null, lang);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });

  const refresh = () => {
    void client.invalidateQueries({ queryKey: adminKeys.recharges() });
    void client.invalidateQueries({ queryKey: rechargeKeys.all });
  };

  async function approve(order: AdminRechargeOrder) {
    const agreed = await confirm({
      title: t('recharges.approve-title', { number: order.number }),
      content: t('recharges.approve-text', { amount: usd(order.amount), email: order.userEmail }),
      okText: t('recharges.approve'),
    });
    if (!agreed) return;
    setBusy(order.id);
    const result = await approveRecharge(order.id, keyFor(`approve:${order.id}`));
    setBusy(null);
    if (result.success) {
      toast.success(t('recharges.approved', { number: order.number }));
      refresh();
    }
  }

  const columns: TableColumnsType<AdminRechargeOrder> = [
    { title: t('recharges.user'), key: 'user', render: (_, o) => o.userEmail },
    { title: t('recharge:summary.number'), key: 'number', render: (_, o) => <strong>{o.number}</strong> },
    {
      title: t('recharges.slip'),
      key: 'slip',
      render: (_, o) =>
        o.slip ? (
          <a
            href={slipUrl(o.id)}
            target="_blank"
            rel="noreferrer"
            aria-label={t('recharges.open-slip', { number: o.number })}
          >
            {o.slip.fileName}
          </a>
        ) : (
          <span className="admin-muted">—</span>
        ),
    },
    { title: t('recharge:summary.method'), key: 'method', render: (_, o) => t(`recharge:method.${o.method}`) },
    { title: t('recharge:summary.amount'), key: 'amount', align: 'right', render: (_, o) => usd(o.amount) },
    { title: t('recharge:summary.fee'), key: 'fee', align: 'right', render: (_, o) => usd(o.fee) },
    {
      title: t('recharge:summary.total'),
      key: 'total',
      align: 'right',
      render: (_, o) => <strong>{usd(o.total)}</strong>,
    },
    { title: t('recharge:summary.state'), key: 'state', render: (_, o) => <RechargeStateTag state={o.state} /> },
    { title: t('recharges.created'), key: 'created', render: (_, o) => date.format(new Date(o.createdAt)) },
    { title: t('recharges.note'), key: 'note', render: (_, o) => o.note || <span className="admin-muted">—</span> },
  ];

  return (
    <>
      {confirmHolder}
      <AdminListPage<AdminRechargeOrder>
        title={t('routes:admin-recharges')}
        intro={t('recharges.intro')}
        actions={
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('recharges.refresh')}
          </Button>
        }
        filtersLabel={t('recharges.filters')}
        filters={
          <>
            <Select<RechargeState | 'all'>
              aria-label={t('recharges.state-filter')}
              value={filter.state}
              style={{ minWidth: 180 }}
              onChange={(state) => setFilter((f) => ({ ...f, current: 1, state }))}
              options={[
                { value: 'all', label: t('recharges.all-states') },
                ...RECHARGE_STATES.map((s) => ({ value: s, label: t(`recharge:state.${s}`) })),
              ]}
            />
            <Select<RechargeMethodName | 'all'>
              aria-label={t('recharges.method-filter')}
              value={filter.method}
              style={{ minWidth: 180 }}
              onChange={(method) => setFilter((f) => ({ ...f, current: 1, method }))}
              options={[
                { value: 'all', label: t('recharges.all-methods') },
                ...RECHARGE_METHODS.map((m) => ({ value: m, label: t(`recharge:method.${m}`) })),
              ]}
            />
          </>
        }
        empty={t('recharges.empty')}
        rowKey="id"
        columns={columns}
        query={list}
        paging={{
          current: filter.current,
          size: filter.size,
          total: (total) => t('products.total', { count: total }),
          onChange: (current, size) => setFilter((f) => ({ ...f, current, size })),
        }}
        rowName={(o) => o.number}
        rowActions={(o) =>
          o.state === 'pending' && o.method === 'bank' ? (
            <>
              <Button
                size="small"
                type="primary"
                loading={busy === o.id}
                aria-label={t('recharges.approve-named', { number: o.number })}
                onClick={() => void approve(o)}
              >
                {t('recharges.approve')}
              </Button>
              <Button
                size="small"
                danger
                aria-label={t('recharges.reject-named', { number: o.number })}
                onClick={() => setRejecting(o)}
              >
                {t('recharges.reject')}
              </Button>
            </>
          ) : null
        }
      />
      <RejectDialog
        order={rejecting}
        onClose={() => setRejecting(null)}
        onReject={async (order, reason) => {
          const result = await rejectRecharge(order.id, reason, keyFor(`reject:${order.id}:${reason}`));
          if (result.success) {
            toast.success(t('recharges.rejected', { number: order.number }));
            setRejecting(null);
            refresh();
          }
          return result.success;
        }}
      />
    </>
  );
}

interface RejectDialogProps {
  order: AdminRechargeOrder | null;
  onClose: () => void;
  onReject: (order: AdminRechargeOrder, reason: string) => Promise<boolean>;
}

/** The reason is required: the user reads it on their recharge orders. */
function RejectDialog({ order, onClose, onReject }: RejectDialogProps) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ reason: string }>();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open={order !== null}
      title={order ? t('recharges.reject-title', { number: order.number }) : ''}
      okText={t('recharges.reject')}
      okButtonProps={{ danger: true, loading: sending }}
      cancelText={t('actions.cancel')}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ reason }) => {
          if (!order) return;
          setSending(true);
          await onReject(order, reason.trim());
          setSending(false);
        }}
      >
        <Form.Item
          name="reason"
          label={t('recharges.reason')}
          extra={t('recharges.reason-hint')}
          rules={[{ required: true, whitespace: true, message: t('recharges.reason-required') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
