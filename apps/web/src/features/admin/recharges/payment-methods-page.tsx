import { useState } from 'react';
import { Alert, Button, Card, Form, Skeleton, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feeMinor, fromMinor, type RechargeMethodRule } from '@dsm/contract';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { DecimalInput, MoneyInput } from '../shared/decimal-input';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { rechargeReads, saveRechargeMethod, useRechargeMethodRules } from './recharges.api';

/** The example amount of the live preview: what a recharge of 100.00 would cost in fees. */
const EXAMPLE_MINOR = 10_000;

interface Values {
  enabled: boolean;
  percent: number | null;
  base: number | null;
  fixed: number | null;
}

/** /admin/payment-methods: per recharge method, on or off, and its fee rule (SPEC §9). */
export default function PaymentMethodsPage() {
  const { t } = useTranslation('admin');
  const rules = useRechargeMethodRules();
  return (
    <AdminPage title={t('routes:admin-payment-methods')} intro={t('recharges.methods-intro')}>
      {rules.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      {rules.isPending ? <Skeleton active /> : null}
      <div className="payment-methods">
        {(rules.data ?? []).map((rule) => (
          <MethodCard key={rule.method} rule={rule} />
        ))}
      </div>
    </AdminPage>
  );
}

function MethodCard({ rule }: { rule: RechargeMethodRule }) {
  const { t } = useTranslation(['admin', 'recharge']);
  const lang = useSession((s) => s.lang);
  const check = useAdminRules();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const values = Form.useWatch([], form) as Values | undefined;
  const usd = (n: number) => formatMoney(n, null, lang);
  const current = { percent: values?.percent ?? 0, base: values?.base ?? 0, fixed: values?.fixed ?? 0 };
  const exampleFeeMinor = feeMinor(current, EXAMPLE_MINOR);
  const name = t(`recharge:method.${rule.method}`);

  async function onFinish(v: Values) {
    setSaving(true);
    const result = await saveRechargeMethod(rule.method, {
      enabled: v.enabled,
      rule: { percent: v.percent ?? 0, base: v.base ?? 0, fixed: v.fixed ?? 0 },
    });
    setSaving(false);
    if (result.success) {
      setOrphans([]);
      toast.success(t('recharges.method-saved', { method: name }));
      for (const key of rechargeReads) void client.invalidateQueries({ queryKey: key });
    } else {
      setOrphans(applyServerErrors(form, result, (path) => (path[0] === 'rule' ? path.slice(1) : path)));
    }
  }

  return (
    <Card title={<h2 className="payment-method-title">{name}</h2>} className="payment-method-card">
      <ServerErrors messages={orphans} />
      <Form<Values>
        form={form}
        layout="vertical"
        name={`method-${rule.method}`}
        aria-label={name}
        initialValues={{ enabled: rule.enabled, ...rule.rule }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="enabled" label={t('recharges.enabled')} valuePropName="checked">
          <Switch aria-label={t('recharges.enabled-named', { method: name })} />
        </Form.Item>
        <div className="payment-method-fields">
          <Form.Item name="percent" label={t('recharges.percent')} rules={[check.required(), check.range(0, 50)]}>
            <DecimalInput decimals={2} suffix="%" />
          </Form.Item>
          <Form.Item
            name="base"
            label={t('recharges.base')}
            extra={t('recharges.base-hint')}
            rules={[check.required(), check.range(0, 1000)]}
          >
            <MoneyInput />
          </Form.Item>
          <Form.Item name="fixed" label={t('recharges.fixed')} rules={[check.required(), check.range(0, 1000)]}>
            <MoneyInput />
          </Form.Item>
        </div>
        <p className="payment-method-example" aria-live="polite">
          {t('recharges.example', {
            amount: usd(fromMinor(EXAMPLE_MINOR)),
            fee: usd(fromMinor(exampleFeeMinor)),
            total: usd(fromMinor(EXAMPLE_MINOR + exampleFeeMinor)),
          })}
        </p>
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          aria-label={t('recharges.save-named', { method: name })}
        >
          {t('actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
