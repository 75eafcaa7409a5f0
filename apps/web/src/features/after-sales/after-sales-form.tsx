import { useRef, useState } from 'react';
import {
  AFTER_SALES_IMAGE_MAX_BYTES,
  AFTER_SALES_IMAGE_TYPES,
  AFTER_SALES_MAX_IMAGES,
  AFTER_SALES_REASON_MAX,
  ERRORS,
  type AfterSalesKind,
} from '@dsm/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { createAfterSales, uploadImage, useEligibleOrders, useRefreshAfterSales } from './after-sales.api';

interface Values {
  orderId?: string;
  kind: AfterSalesKind;
  amount?: number;
  reason?: string;
  lineIds?: string[];
}
type Picture = { id: string; name: string };

/**
 * The request form: one of my paid orders, refund or reshipment, the amount (refunds, up to what
 * the order still allows), the reason, the items concerned and up to 5 photos. Each photo is
 * uploaded as soon as it is chosen (checked here for type and size first; the server judges the
 * bytes again), and the request names the uploaded ids.
 */
export function AfterSalesForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('after-sales');
  const lang = useSession((s) => s.lang);
  const orders = useEligibleOrders(open);
  const refresh = useRefreshAfterSales();
  const [form] = Form.useForm<Values>();
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  // One key per opened form: a double click or a retried request creates one request.
  const key = useRef(crypto.randomUUID());
  const orderId = Form.useWatch('orderId', form);
  const kind = Form.useWatch('kind', form) ?? 'refund';
  const order = orders.data?.find((o) => o.id === orderId);
  const usd = (v: number) => formatMoney(v, null, lang);

  function close() {
    form.resetFields();
    setPictures([]);
    setPictureError(null);
    key.current = crypto.randomUUID();
    onClose();
  }

  async function addPictures(files: FileList | null) {
    setPictureError(null);
    for (const file of Array.from(files ?? [])) {
      if (pictures.length >= AFTER_SALES_MAX_IMAGES) return setPictureError(t('form.image-count'));
      if (!(AFTER_SALES_IMAGE_TYPES as readonly string[]).includes(file.type))
        return setPictureError(t('form.image-type', { name: file.name }));
      if (file.size > AFTER_SALES_IMAGE_MAX_BYTES) return setPictureError(t('form.image-size', { name: file.name }));
      setUploading(true);
      const result = await uploadImage(file, crypto.randomUUID());
      setUploading(false);
      if (!result.success) {
        const first = Array.isArray(result.data) ? (result.data as Array<{ message?: string }>)[0]?.message : undefined;
        return setPictureError(first ?? result.msg);
      }
      const id = result.data.id;
      setPictures((list) =>
        list.some((p) => p.id === id) || list.length >= AFTER_SALES_MAX_IMAGES
          ? list
          : [...list, { id, name: file.name }],
      );
    }
  }

  async function submit(v: Values) {
    const chosen = order?.lines.filter((l) => v.lineIds?.includes(l.id)) ?? [];
    setSaving(true);
    const result = await createAfterSales(
      {
        orderId: v.orderId!,
        kind: v.kind,
        reason: v.reason ?? '',
        amount: v.kind === 'refund' ? v.amount : undefined,
        images: pictures.map((p) => p.id),
        lines: chosen.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      },
      key.current,
    );
    setSaving(false);
    if (result.success) {
      toast.success(t('form.sent', { number: result.data.number }));
      await refresh();
      close();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      const errors = result.data as Array<{ field?: string; message?: string }>;
      const known = new Set(['orderId', 'kind', 'amount', 'reason']);
      form.setFields(
        errors
          .filter((e) => known.has(e.field ?? ''))
          .map((e) => ({ name: e.field as keyof Values, errors: [e.message ?? result.msg] })),
      );
      const other = errors.find((e) => !known.has(e.field ?? ''));
      if (other) setPictureError(other.message ?? result.msg);
      return;
    }
    toast.warning(result.msg);
    // The server refused it as it is (order no longer eligible, an open request): a new key for the next try.
    key.current = crypto.randomUUID();
    await refresh();
  }

  const noOrders = orders.isSuccess && orders.data.length === 0;
  return (
    <Modal
      open={open}
      title={t('form.title')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('form.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={uploading || noOrders} onClick={() => form.submit()}>
          {t('form.submit')}
        </Button>,
      ]}
    >
      {noOrders ? <Alert type="info" showIcon title={t('form.no-orders')} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'refund' }}
        onFinish={(v) => void submit(v)}
        requiredMark
      >
        <Form.Item
          name="orderId"
          label={t('form.order')}
          rules={[{ required: true, message: t('form.order-required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={orders.isPending}
            placeholder={t('form.order-placeholder')}
            options={(orders.data ?? []).map((o) => ({
              value: o.id,
              label: t('form.order-option', { number: o.number, total: usd(o.total) }),
            }))}
            onChange={() => form.setFieldsValue({ lineIds: [] })}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('form.kind')}>
          <Radio.Group
            options={(['refund', 'reshipment'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        </Form.Item>
        {kind === 'refund' ? (
          <Form.Item
            name="amount"
            label={t('form.amount')}
            extra={
              order
                ? order.refundable > 0
                  ? t('form.amount-hint', { max: usd(order.refundable) })
                  : t('form.nothing-refundable')
                : undefined
            }
            rules={[
              { required: true, message: t('form.amount-required') },
              {
                validator: async (_, value?: number) => {
                  if (value === undefined || value === null) return;
                  if (value <= 0) throw new Error(t('form.amount-min'));
                  if (order && value > order.refundable)
                    throw new Error(t('form.amount-max', { max: usd(order.refundable) }));
                },
              },
            ]}
          >
            <InputNumber min={0} precision={2} step={1} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t('form.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.reason-required') }]}
        >
          <Input.TextArea rows={3} maxLength={AFTER_SALES_REASON_MAX} showCount />
        </Form.Item>
        {order && order.lines.length > 0 ? (
          <Form.Item name="lineIds" label={t('form.items')}>
            <Select
              mode="multiple"
              options={order.lines.map((l) => ({ value: l.id, label: `${l.title} × ${l.quantity}` }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('form.images')} extra={t('form.images-hint')}>
          <div className="aftersales-pictures">
            {pictures.map((p) => (
              <span key={p.id} className="aftersales-picture">
                {p.name}
                <Button
                  size="small"
                  type="link"
                  onClick={() => setPictures((list) => list.filter((x) => x.id !== p.id))}
                  aria-label={t('form.remove-image', { name: p.name })}
                >
                  ×
                </Button>
              </span>
            ))}
          </div>
          <label className="aftersales-upload">
            <span>{uploading ? t('form.uploading') : t('form.upload')}</span>
            <input
              type="file"
              accept={AFTER_SALES_IMAGE_TYPES.join(',')}
              multiple
              disabled={uploading || pictures.length >= AFTER_SALES_MAX_IMAGES}
              aria-label={t('form.upload')}
              onChange={(e) => {
                void addPictures(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
          {pictureError ? (
            <div role="alert" className="aftersales-error">
              {pictureError}
            </div>
          ) : null}
        </Form.Item>
      </Form>
    </Modal>
  );
}
