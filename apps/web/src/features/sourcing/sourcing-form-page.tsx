import { useRef, useState } from 'react';
import { ERRORS, PURCHASE_TYPES, SOURCING_MAX_IMAGES, parseSourcingUrl, sourcingDomain } from '@dsm/contract';
import { Alert, Button, Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DecimalInput } from '../../components/ui/amount-input';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { AgentCard } from '../../components/sourcing/agent-card';
import { SourcingPictures } from '../../components/sourcing/sourcing-pictures';
import { createSourcing, useMyAgent, useRefreshSourcing } from './sourcing.api';
import { type SourcingDraft, clearDraft, readDraft, saveDraft } from './sourcing-draft';
import '../../components/sourcing/sourcing.css';

type Values = Omit<SourcingDraft, 'images'>;
const FIELDS = new Set(['url', 'title', 'description', 'targetPrice', 'quantity', 'purchaseType']);

/**
 * /user/sourcingFrom (SPEC §2, §5): ask us to source a product by its URL ("URL cannot be empty";
 * the site is shown back), with a title, description, up to 5 pictures, a target price (amount
 * rules of SPEC §5), the quantity, the purchase type and two flags. The draft is kept while
 * typing (`sourcDetails`); a URL with an open request opens that one instead of a second.
 */
export default function SourcingFormPage() {
  const { t } = useTranslation('sourcing');
  const userId = useSession((s) => s.user_id);
  const navigate = useNavigate();
  const refresh = useRefreshSourcing();
  const agent = useMyAgent();
  const [form] = Form.useForm<Values>();
  const [initial] = useState(() => readDraft(userId));
  const [pictures, setPictures] = useState(initial.images ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  // One key per form: a double click or a retried request sends one request.
  const key = useRef(crypto.randomUUID());
  const url = Form.useWatch('url', form) ?? initial.url ?? '';
  const purchaseType = Form.useWatch('purchaseType', form) ?? initial.purchaseType ?? 'dropshipping';
  const domain = parseSourcingUrl(url) ? sourcingDomain(url) : '';

  const keep = (images = pictures) => saveDraft(userId, { ...form.getFieldsValue(), images });

  async function submit(v: Values) {
    setProblem(null);
    setSaving(true);
    const result = await createSourcing(
      {
        url: v.url ?? '',
        title: v.title ?? '',
        description: v.description ?? '',
        images: pictures.map((p) => p.id),
        targetPrice: v.targetPrice ?? null,
        quantity: v.quantity ?? 0,
        purchaseType: v.purchaseType ?? 'dropshipping',
        haveOrders: Boolean(v.haveOrders),
        acceptSimilar: Boolean(v.acceptSimilar),
      },
      key.current,
    );
    setSaving(false);
    if (result.success) {
      clearDraft(userId);
      await refresh();
      if (result.data.alreadyOpen) toast.info(t('form.already-open', { number: result.data.number }));
      else toast.success(t('form.sent', { number: result.data.number }));
      navigate(`/user/sourcingDetail?id=${result.data.id}`);
      return;
    }
    key.current = crypto.randomUUID();
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      const errors = result.data as Array<{ field?: string; message?: string }>;
      form.setFields(
        errors
          .filter((e) => FIELDS.has(e.field ?? ''))
          .map((e) => ({ name: e.field as keyof Values, errors: [e.message ?? result.msg] })),
      );
      const other = errors.find((e) => !FIELDS.has(e.field ?? ''));
      if (other) setProblem(other.message ?? result.msg);
      return;
    }
    setProblem(result.msg);
  }

  return (
    <div className="sourcing-page sourcing-form-page">
      <div className="sourcing-head">
        <div>
          <h1>{t('form.title')}</h1>
          <p>{t('form.intro')}</p>
        </div>
        <Link to="/user/sourcing">{t('form.back')}</Link>
      </div>
      <AgentCard agent={agent.data} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ purchaseType: 'dropshipping', acceptSimilar: true, haveOrders: false, ...initial }}
        onValuesChange={() => keep()}
        onFinish={(v) => void submit(v)}
        className="sourcing-form"
      >
        <Form.Item
          name="url"
          label={t('form.url')}
          extra={domain ? t('form.domain', { domain }) : t('form.url-hint')}
          rules={[
            { required: true, whitespace: true, message: t('form.url-required') },
            {
              validator: async (_, value?: string) => {
                if (value?.trim() && !parseSourcingUrl(value)) throw new Error(t('form.url-invalid'));
              },
            },
          ]}
        >
          <Input inputMode="url" placeholder="https://www.aliexpress.com/item/…" />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('form.name-required') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item label={t('form.images')} extra={t('form.images-hint', { max: SOURCING_MAX_IMAGES })}>
          <SourcingPictures
            pictures={pictures}
            onChange={(next) => {
              setPictures(next);
              keep(next);
            }}
            onUploading={setUploading}
          />
        </Form.Item>
        <Form.Item name="purchaseType" label={t('form.purchase-type')}>
          <Radio.Group options={PURCHASE_TYPES.map((p) => ({ value: p, label: t(`purchase-types.${p}`) }))} />
        </Form.Item>
        <div className="sourcing-form-row">
          <Form.Item
            name="quantity"
            label={t(`form.quantity-${purchaseType}`)}
            rules={[
              { required: true, message: t('form.quantity-required') },
              {
                validator: async (_, v?: number | null) => {
                  if (v !== undefined && v !== null && v < 1) throw new Error(t('form.quantity-required'));
                },
              },
            ]}
          >
            <DecimalInput decimals={0} />
          </Form.Item>
          <Form.Item
            name="targetPrice"
            label={t('form.target-price')}
            extra={t('form.target-price-hint')}
            rules={[
              {
                validator: async (_, v?: number | null) => {
                  if (v !== undefined && v !== null && v <= 0) throw new Error(t('form.price-positive'));
                },
              },
            ]}
          >
            <DecimalInput decimals={2} pad prefix="$" />
          </Form.Item>
        </div>
        <Form.Item name="haveOrders" valuePropName="checked">
          <Checkbox>{t('form.have-orders')}</Checkbox>
        </Form.Item>
        <Form.Item name="acceptSimilar" valuePropName="checked">
          <Checkbox>{t('form.accept-similar')}</Checkbox>
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} className="sourcing-alert" /> : null}
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
          {t('form.submit')}
        </Button>
      </Form>
    </div>
  );
}
