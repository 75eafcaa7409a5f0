import { useState } from 'react';
import { CARRIER_MAX, ORDER_REASON_MAX, TRACKING_NUMBER_MAX, type OrderDetail } from '@dsm/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api';
import { ServerErrors } from '../shared/admin-page';
import { applyServerErrors } from '../shared/server-errors';
import { adminOrderActions } from './orders.api';

export type StepDialogKind = 'ship' | 'tracking' | 'abnormal';
type Values = { carrier?: string; trackingNumber?: string; reason?: string };

/**
 * Ship (carrier + tracking number) or mark abnormal (the reason the user will read) for one order.
 * Mounted only while open, with a form of its own: a form kept across openings carried the last
 * opening's values and messages into the next one. The carrier starts as the order's shipping
 * method, which is what the operator usually ships with.
 */
export function OrderStepDialog({
  kind,
  order,
  onClose,
  onDone,
}: {
  kind: StepDialogKind;
  order: {
    id: string;
    number: string;
    shippingMethodName?: string;
    carrier?: string | null;
    trackingNumber?: string | null;
  };
  onClose: () => void;
  onDone: (answer: OrderDetail | null) => void;
}) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  // Correcting the tracking is the ship form again, filled with what was shipped.
  const ship = kind === 'ship' || kind === 'tracking';
  const correcting = kind === 'tracking';

  async function submit(values: Values) {
    setSaving(true);
    const body = { carrier: values.carrier ?? '', trackingNumber: values.trackingNumber ?? '' };
    const call: Promise<ApiResult<OrderDetail>> = correcting
      ? adminOrderActions.tracking(order.id, body)
      : ship
        ? adminOrderActions.ship(order.id, body)
        : adminOrderActions.abnormal(order.id, values.reason ?? '');
    const result = await call.finally(() => setSaving(false));
    if (result.success) {
      onDone(result.data ?? null);
      return;
    }
    const left = applyServerErrors(form, result);
    setOrphans(left.length || form.getFieldsError().some((f) => f.errors.length) ? left : [result.msg]);
  }

  return (
    <Modal
      open
      title={t(correcting ? 'admin.tracking-title' : ship ? 'admin.ship-title' : 'admin.abnormal-title', {
        number: order.number,
      })}
      okText={t(correcting ? 'actions.save' : ship ? 'admin.ship' : 'admin.mark-abnormal')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: !ship }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        initialValues={
          correcting
            ? { carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '' }
            : ship
              ? { carrier: order.shippingMethodName ?? '' }
              : {}
        }
        onFinish={(v) => void submit(v)}
        // A message about the whole request no longer holds once the operator changes a field.
        onValuesChange={() => setOrphans([])}
        requiredMark
      >
        {ship ? (
          <>
            <Form.Item
              name="carrier"
              label={t('detail.carrier')}
              extra={
                correcting ? t('admin.tracking-hint') : order.shippingMethodName ? t('admin.carrier-hint') : undefined
              }
              rules={[{ required: true, whitespace: true, message: t('admin.carrier-required') }]}
            >
              <Input maxLength={CARRIER_MAX} />
            </Form.Item>
            <Form.Item
              name="trackingNumber"
              label={t('detail.tracking')}
              rules={[{ required: true, whitespace: true, message: t('admin.tracking-required') }]}
            >
              <Input maxLength={TRACKING_NUMBER_MAX} autoFocus />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="reason"
            label={t('admin.reason')}
            extra={t('admin.reason-hint')}
            rules={[{ required: true, whitespace: true, message: t('admin.reason-required') }]}
          >
            <Input.TextArea rows={3} maxLength={ORDER_REASON_MAX} autoFocus />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
