import { useState } from 'react';
import { CARRIER_MAX, ORDER_REASON_MAX, TRACKING_NUMBER_MAX, type OrderEvent } from '@dsm/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { RaisePriceDifferenceDialog } from '../price-differences/raise-price-difference-dialog';
import { ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { applyServerErrors } from '../shared/server-errors';
import { adminOrderActions, useRefreshAdminOrders } from './orders.api';

type Dialog = 'ship' | 'abnormal';
type Values = { carrier?: string; trackingNumber?: string; reason?: string };

/**
 * The operator's buttons for one order: only the events the server lists in `actions`. Purchase
 * and deliver ask first; ship asks for the carrier and tracking number, mark abnormal for the
 * reason the user will read. A refusal (someone moved the order meanwhile) shows the server's words.
 */
export function AdminOrderActions({ order }: { order: { id: string; number: string; actions: OrderEvent[] } }) {
  const { t } = useTranslation('orders');
  const [confirm, holder] = useConfirm();
  const refresh = useRefreshAdminOrders();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [raising, setRaising] = useState(false);
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const [form] = Form.useForm<Values>();
  const can = (e: OrderEvent) => order.actions.includes(e);

  async function simple(event: 'purchase' | 'deliver') {
    if (!(await confirm({ title: t(`admin.confirm-${event}`, { number: order.number }) }))) return;
    const result = await adminOrderActions[event](order.id);
    if (result.success) toast.success(t(`admin.done-${event}`, { number: order.number }));
    await refresh();
  }

  function openDialog(kind: Dialog) {
    form.resetFields();
    setOrphans([]);
    setDialog(kind);
  }

  async function submit(values: Values) {
    setSaving(true);
    const call: Promise<ApiResult<unknown>> =
      dialog === 'ship'
        ? adminOrderActions.ship(order.id, {
            carrier: values.carrier ?? '',
            trackingNumber: values.trackingNumber ?? '',
          })
        : adminOrderActions.abnormal(order.id, values.reason ?? '');
    const result = await call.finally(() => setSaving(false));
    if (result.success) {
      toast.success(t(dialog === 'ship' ? 'admin.done-ship' : 'admin.done-abnormal', { number: order.number }));
      setDialog(null);
      await refresh();
      return;
    }
    const left = applyServerErrors(form, result);
    setOrphans(left.length || form.getFieldsError().some((f) => f.errors.length) ? left : [result.msg]);
  }

  const button = (event: OrderEvent, onClick: () => void, primary = false, danger = false) =>
    can(event) ? (
      <Button
        size="small"
        type={primary ? 'primary' : 'default'}
        danger={danger}
        onClick={onClick}
        aria-label={t(`admin.${event}-named`, { number: order.number })}
      >
        {t(`admin.${event}`)}
      </Button>
    ) : null;

  return (
    <>
      {holder}
      {button('purchase', () => void simple('purchase'), true)}
      {button('ship', () => openDialog('ship'), true)}
      {button('deliver', () => void simple('deliver'), true)}
      {button('raise-price-difference', () => setRaising(true))}
      {button('mark-abnormal', () => openDialog('abnormal'), false, true)}
      {raising ? (
        <RaisePriceDifferenceDialog
          order={order}
          onClose={(raised) => {
            setRaising(false);
            if (raised) void refresh();
          }}
        />
      ) : null}
      <Modal
        open={dialog !== null}
        title={
          dialog ? t(dialog === 'ship' ? 'admin.ship-title' : 'admin.abnormal-title', { number: order.number }) : ''
        }
        okText={t(dialog === 'ship' ? 'admin.ship' : 'admin.mark-abnormal')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: dialog === 'abnormal' }}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <ServerErrors messages={orphans} />
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark>
          {dialog === 'ship' ? (
            <>
              <Form.Item
                name="carrier"
                label={t('detail.carrier')}
                required
                rules={[{ required: true, whitespace: true, message: t('admin.carrier-required') }]}
              >
                <Input maxLength={CARRIER_MAX} autoFocus />
              </Form.Item>
              <Form.Item
                name="trackingNumber"
                label={t('detail.tracking')}
                required
                rules={[{ required: true, whitespace: true, message: t('admin.tracking-required') }]}
              >
                <Input maxLength={TRACKING_NUMBER_MAX} />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="reason"
              label={t('admin.reason')}
              extra={t('admin.reason-hint')}
              required
              rules={[{ required: true, whitespace: true, message: t('admin.reason-required') }]}
            >
              <Input.TextArea rows={3} maxLength={ORDER_REASON_MAX} autoFocus />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
