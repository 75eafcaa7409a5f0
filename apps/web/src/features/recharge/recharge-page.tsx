import { useRef, useState } from 'react';
import { Alert, Button, Form, Radio, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RechargeMethodName, RechargeMethods } from '@dsm/contract';
import { AmountInput } from '../../components/ui/amount-input';
import { useSession } from '../../lib/session';
import { feeRuleWords, previewFee } from '../../lib/fees';
import { applyFieldErrors } from './form-errors';
import { UsdAmount, useUsd } from '../../components/payment/money';
import { useRechargeMethods } from '../../lib/recharge';
import { createRecharge } from './recharge.api';
import '../../components/payment/payment.css';

interface Values {
  amount: number | null;
  method: RechargeMethodName;
}

/**
 * /user/recharge[?amount=]: amount and method, the fee and the total shown before anything is
 * created, then POST /api/p/recharges and on to /user/payment (decision 0075).
 */
export default function RechargePage() {
  const { t } = useTranslation('recharge');
  const methods = useRechargeMethods();
  return (
    <div className="payment-page">
      <h1>{t('recharge.title')}</h1>
      <p className="payment-intro">{t('recharge.intro')}</p>
      {methods.isError ? <Alert type="error" showIcon title={t('load-failed')} /> : null}
      {methods.isPending ? <Skeleton active /> : null}
      {methods.data ? <RechargeForm config={methods.data} /> : null}
    </div>
  );
}

/** `?amount=` (a shortfall to top up): rounded up to the cent, never below the minimum. */
function prefillAmount(raw: string | null, min: number): number | null {
  const n = Number(raw);
  if (!raw || !Number.isFinite(n) || n <= 0) return null;
  return Math.max(Math.ceil(n * 100 - 1e-6) / 100, min);
}

function RechargeForm({ config }: { config: RechargeMethods }) {
  const { t } = useTranslation('recharge');
  const usd = useUsd();
  const lang = useSession((s) => s.lang);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const enabled = config.methods.filter((m) => m.enabled);
  const amount = Form.useWatch('amount', form);
  const method = Form.useWatch('method', form);
  const chosen = enabled.find((m) => m.method === method);
  const preview = chosen && typeof amount === 'number' && amount > 0 ? previewFee(chosen.rule, amount) : null;
  // One key per submission of these values: a double click or a retry after a lost answer sends
  // the same key (the server answers with the first order); changing a field starts a new one.
  const idempotencyKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  async function onFinish(values: Values) {
    if (inFlight.current || values.amount === null) return;
    inFlight.current = true;
    idempotencyKey.current ??= crypto.randomUUID();
    setSubmitting(true);
    setOtherErrors([]);
    const result = await createRecharge({ amount: values.amount, method: values.method }, idempotencyKey.current);
    inFlight.current = false;
    setSubmitting(false);
    if (result.success) {
      void navigate(`/user/payment?recharge=${encodeURIComponent(result.data.id)}`);
      return;
    }
    setOtherErrors(applyFieldErrors(form, result, ['amount', 'method']));
  }

  if (!enabled.length) return <Alert type="warning" showIcon title={t('recharge.no-methods')} />;

  const limits = t('recharge.limits', { min: usd(config.minAmount), max: usd(config.maxAmount) });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="recharge-form"
      requiredMark={false}
      initialValues={{ amount: prefillAmount(params.get('amount'), config.minAmount), method: enabled[0]!.method }}
      onValuesChange={() => (idempotencyKey.current = null)}
      onFinish={(values) => void onFinish(values)}
    >
      {config.sandbox ? <Alert className="payment-sandbox" type="info" showIcon title={t('sandbox')} /> : null}
      {otherErrors.length ? <Alert type="error" showIcon title={otherErrors.join(' ')} /> : null}
      <Form.Item
        name="amount"
        label={t('recharge.amount')}
        extra={limits}
        rules={[
          { required: true, message: t('recharge.amount-required') },
          {
            validator: async (_, value: number | null) => {
              if (value === null || value === undefined) return;
              if (value < config.minAmount) throw new Error(t('recharge.amount-min', { min: usd(config.minAmount) }));
              if (value > config.maxAmount) throw new Error(t('recharge.amount-max', { max: usd(config.maxAmount) }));
            },
          },
        ]}
      >
        <AmountInput prefix="$" suffix="USD" placeholder={usd(100)} className="recharge-amount" />
      </Form.Item>
      <Form.Item
        name="method"
        label={t('recharge.method')}
        rules={[{ required: true, message: t('recharge.method-required') }]}
      >
        <Radio.Group className="recharge-methods" aria-label={t('recharge.method')}>
          {enabled.map((m) => (
            <Radio key={m.method} value={m.method} className="recharge-method">
              <span className="recharge-method-name">{t(`method.${m.method}`)}</span>{' '}
              <span className="recharge-method-fee">{feeRuleWords(m.rule, t, usd, lang)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <section className="recharge-preview" aria-label={t('recharge.preview')} aria-live="polite">
        <h2>{t('recharge.preview')}</h2>
        {preview ? (
          <dl>
            <dt>{t('summary.amount')}</dt>
            <dd>
              <UsdAmount value={preview.amount} />
            </dd>
            <dt>{t('summary.fee')}</dt>
            <dd>
              <UsdAmount value={preview.fee} />
            </dd>
            <dt className="recharge-total">{t('summary.total-to-pay')}</dt>
            <dd className="recharge-total">
              <UsdAmount value={preview.total} equivalent />
            </dd>
          </dl>
        ) : (
          <p className="payment-muted">{t('recharge.preview-empty')}</p>
        )}
        <p className="payment-muted">{t('recharge.credited-note')}</p>
      </section>
      <Button type="primary" htmlType="submit" size="large" loading={submitting}>
        {t('recharge.continue')}
      </Button>
    </Form>
  );
}
