import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { PRICE_DIFFERENCE_MAX_USD, PRICE_DIFFERENCE_REASON_MAX } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { usePriceDifferenceWrites } from '../../../lib/price-differences';
import { ServerErrors } from '../shared/admin-page';
import { MoneyInput } from '../shared/decimal-input';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';

interface Values {
  amount: number | null;
  reason: string;
}

/**
 * "Raise price difference" on one order (decision 0089), for the operator's orders console:
 * `<RaisePriceDifferenceDialog order={{ id, number }} onClose={…} />` opens it; the order is held
 * until the user pays. Needs the `pricing` and `admin` namespaces (the console's route loads them).
 */
export function RaisePriceDifferenceDialog({
  order,
  onClose,
}: {
  order: { id: string; number: string };
  onClose: (raised: boolean) => void;
}) {
  const { t } = useTranslation('pricing');
  const rules = useAdminRules();
  const writes = usePriceDifferenceWrites();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);

  async function submit(values: Values) {
    setSaving(true);
    const result = await writes
      .raiseForOrder(order.id, { amount: values.amount!, reason: values.reason })
      .finally(() => setSaving(false));
    if (result.success) {
      toast.success(t('admin.raised', { number: order.number }));
      onClose(true);
    } else {
      setOrphans(applyServerErrors(form, result));
    }
  }

  return (
    <Modal
      open
      title={t('admin.raise-for', { number: order.number })}
      okText={t('admin.raise')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      <ServerErrors messages={orphans} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ amount: null, reason: '' }}
        onFinish={(v) => void submit(v)}
      >
        <AmountAndReason rules={rules} />
      </Form>
    </Modal>
  );
}

/** The amount and reason fields, shared by the dialog and the list page's form. */
export function AmountAndReason({ rules }: { rules: ReturnType<typeof useAdminRules> }) {
  const { t } = useTranslation('pricing');
  return (
    <>
      <Form.Item
        name="amount"
        label={t('admin.amount')}
        rules={[rules.required(), rules.decimals(2), rules.range(0.01, PRICE_DIFFERENCE_MAX_USD)]}
      >
        <MoneyInput style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('admin.reason')}
        rules={[rules.requiredText(), rules.max(PRICE_DIFFERENCE_REASON_MAX)]}
      >
        <Input.TextArea rows={2} placeholder={t('admin.reason-placeholder')} />
      </Form.Item>
    </>
  );
}
