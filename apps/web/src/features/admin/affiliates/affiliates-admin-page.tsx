import type { AdminAffiliate, AffiliateTerms } from '@dsm/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage } from '../shared/admin-page';
import { ListTable } from '../shared/list-table';
import { useAdminAffiliates, useAdminTerms, useAffiliateActions } from './affiliates-admin.api';

interface TermsValues {
  ratePercent: number;
  periodMonths: number;
  holdDays: number;
  payout: AffiliateTerms['payout'];
  enabled: boolean;
}
/** The id of the element that shows an affiliate's name: its buttons are described by it. */
const userId = (id: string) => `admin-affiliate-${id}-name`;
type Dialog = { kind: 'suspend' | 'adjust'; affiliate: AdminAffiliate } | null;

/** /admin/affiliates (issue 26): the programme's terms, the affiliates with their figures, suspend, adjust. */
export default function AffiliatesAdminPage() {
  const { t } = useTranslation('affiliates');
  const lang = useSession((s) => s.lang);
  const terms = useAdminTerms();
  const list = useAdminAffiliates();
  const actions = useAffiliateActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const usd = (v: number) => formatMoney(v, null, lang);

  async function saveTerms(v: TermsValues) {
    const result = await actions.saveTerms({
      rateBasisPoints: Math.round(v.ratePercent * 100),
      periodMonths: v.periodMonths,
      holdDays: v.holdDays,
      payout: v.payout,
      enabled: v.enabled,
    });
    if (result.success) toast.success(t('admin.saved'));
  }

  async function confirm() {
    if (!dialog) return;
    const id = dialog.affiliate.id;
    const result =
      dialog.kind === 'suspend' ? await actions.suspend(id, reason) : await actions.adjust(id, amount ?? 0, reason);
    if (result.success) {
      setDialog(null);
      toast.success(t('admin.saved'));
    }
  }

  const columns: TableColumnsType<AdminAffiliate> = [
    {
      key: 'username',
      title: t('admin.user'),
      render: (_, a) => <span id={userId(a.id)}>{a.username}</span>,
    },
    { key: 'code', dataIndex: 'code', title: t('share.code') },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('orders.state'),
      render: (s: AdminAffiliate['state'], a) => (
        <Tag color={s === 'active' ? 'green' : 'red'} title={a.suspendedReason}>
          {t(`admin.states.${s}`)}
        </Tag>
      ),
    },
    { key: 'clicks', dataIndex: 'clicks', title: t('figures.clicks'), align: 'end' },
    { key: 'signUps', dataIndex: 'signUps', title: t('figures.signUps'), align: 'end' },
    { key: 'pending', dataIndex: 'pending', title: t('figures.pending'), align: 'end', render: usd },
    { key: 'paid', dataIndex: 'paid', title: t('figures.paid'), align: 'end', render: usd },
  ];

  return (
    <AdminPage title={t('admin.title')}>
      {terms.isError ? <Alert type="error" showIcon title={terms.error.message} /> : null}
      {terms.data ? (
        <Form<TermsValues>
          layout="inline"
          className="affiliate-terms-form"
          initialValues={{ ...terms.data, ratePercent: terms.data.rateBasisPoints / 100 }}
          onFinish={(v) => void saveTerms(v)}
        >
          <Form.Item name="ratePercent" label={t('admin.rate')} rules={[{ required: true }]}>
            <InputNumber min={0} max={50} step={0.5} addonAfter="%" />
          </Form.Item>
          <Form.Item name="periodMonths" label={t('admin.period')} rules={[{ required: true }]}>
            <InputNumber min={1} max={120} />
          </Form.Item>
          <Form.Item name="holdDays" label={t('admin.hold')} rules={[{ required: true }]}>
            <InputNumber min={0} max={365} />
          </Form.Item>
          <Form.Item name="payout" label={t('admin.payout')}>
            <Select
              style={{ minWidth: 180 }}
              options={(['cash', 'bonus'] as const).map((p) => ({ value: p, label: t(`payout.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('admin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('admin.save')}
          </Button>
        </Form>
      ) : null}
      <div style={{ marginTop: 16 }}>
        <ListTable<AdminAffiliate>
          label={t('admin.title')}
          rowKey="id"
          rowName={(a) => a.username}
          columns={columns}
          rows={list.data ?? []}
          loading={list.isLoading}
          pagination={false}
          serverPaged={false}
          table={{ size: 'small' }}
          actionsTitle={t('admin.actions')}
          actions={(a) => (
            <div className="admin-row-actions">
              {a.state === 'active' ? (
                <Button
                  size="small"
                  danger
                  aria-describedby={userId(a.id)}
                  onClick={() => (setReason(''), setDialog({ kind: 'suspend', affiliate: a }))}
                >
                  {t('admin.suspend')}
                </Button>
              ) : (
                <Button size="small" aria-describedby={userId(a.id)} onClick={() => void actions.reinstate(a.id)}>
                  {t('admin.reinstate')}
                </Button>
              )}
              <Button
                size="small"
                aria-describedby={userId(a.id)}
                onClick={() => (setReason(''), setAmount(null), setDialog({ kind: 'adjust', affiliate: a }))}
              >
                {t('admin.adjust')}
              </Button>
            </div>
          )}
        />
      </div>
      <Modal
        open={dialog !== null}
        title={dialog ? t(`admin.${dialog.kind}-title`, { user: dialog.affiliate.username }) : ''}
        onCancel={() => setDialog(null)}
        onOk={() => void confirm()}
        okText={t('admin.confirm')}
      >
        {dialog?.kind === 'adjust' ? (
          <InputNumber
            aria-label={t('admin.amount')}
            placeholder={t('admin.amount')}
            value={amount}
            onChange={setAmount}
            step={0.01}
            style={{ width: '100%', marginBottom: 8 }}
          />
        ) : null}
        {dialog?.kind === 'suspend' ? <p>{t('admin.suspend-text')}</p> : null}
        <Input.TextArea
          aria-label={t('admin.reason')}
          placeholder={t('admin.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
      </Modal>
    </AdminPage>
  );
}
