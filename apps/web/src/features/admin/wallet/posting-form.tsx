import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { MoneyInput } from '../shared/decimal-input';
import { ServerErrors } from '../shared/admin-page';
import { applyServerErrors } from '../shared/server-errors';
import { type PostingKind, usePostToWallet } from './wallet.api';

interface Values {
  direction: 'credit' | 'debit';
  amount: number | null;
  reason: string;
}

/**
 * An operator posting on a user's wallet: a cash adjustment (add or take back) or bonus credit.
 * A reason is required (the user sees it in their history); the operator confirms the amount.
 */
export function PostingForm({ userId, kind }: { userId: string; kind: PostingKind }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const post = usePostToWallet(userId);
  const [orphans, setOrphans] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  // One key per submission, kept until it succeeds: a retry of the same submission posts once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const adjust = kind === 'adjustments';
  const id = `wallet-${kind}`;
  const direction = Form.useWatch('direction', form);
  const amount = Form.useWatch('amount', form);
  const signed = amount ? (adjust && direction === 'debit' ? -amount : amount) : 0;

  async function submit() {
    const values = form.getFieldsValue();
    const value = adjust && values.direction === 'debit' ? -values.amount! : values.amount!;
    const result = await post.mutateAsync({ kind, amount: value, reason: values.reason.trim(), idempotencyKey: key });
    if (result.success) {
      toast.success(t(adjust ? 'wallet.done-adjust' : 'wallet.done-bonus'));
      form.resetFields();
      setOrphans([]);
      setKey(crypto.randomUUID());
    } else {
      const left = applyServerErrors(form, result);
      setOrphans(left.length || result.errorCode === 'A00002' ? left : [result.msg]);
    }
  }

  return (
    <section className="admin-wallet-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(adjust ? 'wallet.adjust-title' : 'wallet.bonus-title')}</h2>
      <p className="admin-muted">{t(adjust ? 'wallet.adjust-help' : 'wallet.bonus-help')}</p>
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ direction: 'credit', amount: null, reason: '' }}
      >
        {adjust ? (
          <Form.Item name="direction">
            <Segmented
              options={[
                { value: 'credit', label: t('wallet.direction-credit') },
                { value: 'debit', label: t('wallet.direction-debit') },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="amount"
          label={t('wallet.amount')}
          htmlFor={`${id}-amount`}
          rules={[
            { required: true, message: t('wallet.amount-required') },
            {
              validator: (_, v: number | null) =>
                v === null || v === undefined || v > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t(adjust ? 'wallet.amount-zero' : 'wallet.amount-positive'))),
            },
          ]}
        >
          <MoneyInput id={`${id}-amount`} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('wallet.reason')}
          htmlFor={`${id}-reason`}
          rules={[{ required: true, whitespace: true, message: t('wallet.reason-required') }]}
        >
          <Input.TextArea id={`${id}-reason`} maxLength={500} rows={2} placeholder={t('wallet.reason-placeholder')} />
        </Form.Item>
        <Popconfirm
          open={confirming}
          title={t(adjust ? 'wallet.confirm-adjust' : 'wallet.confirm-bonus', { amount: signed.toFixed(2) })}
          okText={t(adjust ? 'wallet.submit-adjust' : 'wallet.submit-bonus')}
          onConfirm={() => {
            setConfirming(false);
            void submit();
          }}
          onCancel={() => setConfirming(false)}
        >
          <Button
            type="primary"
            loading={post.isPending}
            // Checked first, so the confirmation only ever asks about a valid posting.
            onClick={() =>
              void form.validateFields().then(
                () => setConfirming(true),
                () => undefined,
              )
            }
          >
            {t(adjust ? 'wallet.submit-adjust' : 'wallet.submit-bonus')}
          </Button>
        </Popconfirm>
      </Form>
    </section>
  );
}
