import { useMemo, useState } from 'react';
import {
  BANK_ACCOUNT_TYPES,
  ERRORS,
  WISE_CURRENCIES,
  WITHDRAWAL_METHODS,
  type WithdrawalLimits,
  type WithdrawalRequest,
} from '@dsm/contract';
import { Alert, Button, Col, Descriptions, Form, Input, Modal, Radio, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../components/ui/amount-input';
import { useCountries } from '../../lib/countries';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { METHOD_FIELDS, OPTIONAL_FIELDS, type FormValues, checkWithdrawal } from './withdraw-rules';
import { createWithdrawal, useRefreshAfterChange } from './withdrawals.api';
import { DestinationList } from './destination';

const COUNTRY_FIELDS = new Set(['country', 'bankCountry']);
const AUTOCOMPLETE: Record<string, string> = {
  beneficiaryName: 'name',
  payoneerEmail: 'email',
  city: 'address-level2',
  address: 'street-address',
  postCode: 'postal-code',
};

/** A00002 data → the messages under their fields; true when one of the form's fields was named. */
function showServerErrors(form: FormInstance, data: unknown): boolean {
  if (!Array.isArray(data)) return false;
  const seen = new Set<string>();
  const fields: Array<{ name: string; errors: string[] }> = [];
  for (const item of data as Array<{ field?: unknown; message?: unknown }>) {
    const name = typeof item?.field === 'string' ? item.field.split('.')[0]! : '';
    if (name && typeof item.message === 'string' && !seen.has(name)) {
      seen.add(name);
      fields.push({ name, errors: [item.message] });
    }
  }
  form.setFields(fields);
  if (fields[0]) form.scrollToField(fields[0].name, { focus: true, block: 'center' });
  return fields.length > 0;
}

function CountrySelect(props: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  sanctioned: readonly string[];
}) {
  const { t } = useTranslation('withdrawals');
  const countries = useCountries();
  const { sanctioned, ...rest } = props;
  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      loading={countries.isPending}
      placeholder={t('placeholders.country')}
      // Sanctioned countries stay in the list: choosing one shows the notice under the field.
      options={(countries.data ?? []).map((c) => ({
        value: c.code,
        label: sanctioned.includes(c.code) ? `${c.name} ⚠` : c.name,
      }))}
    />
  );
}

/** The new-withdrawal form: the method decides the fields; a confirm step shows what will be sent. */
export function WithdrawForm({ limits }: { limits: WithdrawalLimits }) {
  const { t } = useTranslation('withdrawals');
  const lang = useSession((s) => s.lang);
  const [form] = Form.useForm<FormValues>();
  const method = Form.useWatch('method', form);
  const [confirming, setConfirming] = useState<{ request: WithdrawalRequest; key: string } | null>(null);
  const [sending, setSending] = useState(false);
  const refresh = useRefreshAfterChange();
  const countries = useCountries();
  // The notice names the countries in the reader's language; the code stands in until the list loads.
  const sanctionedNames = limits.sanctionedCountries.map(
    (code) => countries.data?.find((c) => c.code === code)?.name ?? code,
  );
  const usd = (amount: number) => formatMoney(amount, null, lang);
  const fields = method ? METHOD_FIELDS[method] : [];
  const optional = (method && OPTIONAL_FIELDS[method]) ?? [];

  /** One rule for every field: the contract schema's message for that field, if any. */
  const rule = useMemo(
    () => (name: string) => ({
      validator: async () => {
        const { errors } = checkWithdrawal(form.getFieldsValue(true) as FormValues, limits.sanctionedCountries, t);
        if (errors[name]) throw new Error(errors[name]);
      },
    }),
    [form, limits.sanctionedCountries, t],
  );

  function review(values: FormValues) {
    const checked = checkWithdrawal(values, limits.sanctionedCountries, t);
    if (!checked.data) return;
    // One key per confirmation: a double click or a retried request creates one withdrawal.
    setConfirming({ request: checked.data, key: crypto.randomUUID() });
  }

  async function send() {
    if (!confirming) return;
    setSending(true);
    const result = await createWithdrawal(confirming.request, confirming.key);
    setSending(false);
    setConfirming(null);
    if (result.success) {
      toast.success(t('created', { number: result.data.number }));
      form.resetFields();
      await refresh();
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code && showServerErrors(form, result.data)) return;
    if (result.reason === 'insufficient-balance') {
      form.setFields([{ name: 'amount', errors: [result.msg] }]);
      await refresh();
      return;
    }
    toast.warning(result.msg);
  }

  const input = (name: string) => {
    if (COUNTRY_FIELDS.has(name)) return <CountrySelect sanctioned={limits.sanctionedCountries} />;
    if (name === 'accountType')
      return <Radio.Group options={BANK_ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`account-types.${v}`) }))} />;
    if (name === 'currency') return <Select options={WISE_CURRENCIES.map((c) => ({ value: c, label: c }))} />;
    return <Input autoComplete={AUTOCOMPLETE[name] ?? 'off'} type={name === 'payoneerEmail' ? 'email' : 'text'} />;
  };
  const hint = (name: string) =>
    name === 'postCode'
      ? t('hints.postCode')
      : name === 'country'
        ? t('hints.country')
        : method === 'swift' && name === 'accountNumber'
          ? t('hints.swift-account')
          : undefined;

  return (
    <section className="withdraw-form-card" aria-labelledby="withdraw-form-title">
      <h2 id="withdraw-form-title">{t('form-title')}</h2>
      <Alert
        type="warning"
        showIcon
        className="withdraw-sanctions"
        title={t('sanctions-title')}
        description={t('sanctions-notice', { countries: sanctionedNames.join(', ') })}
      />
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={review}
        onValuesChange={(changed) => {
          // A new method starts from a clean slate of messages.
          if ('method' in changed)
            form.setFields(
              Object.keys(form.getFieldsValue(true))
                .filter((n) => n !== 'method')
                .map((name) => ({ name, errors: [] })),
            );
        }}
        scrollToFirstError={{ focus: true, block: 'center' }}
        initialValues={{ accountType: 'checking', currency: 'EUR' }}
      >
        <Form.Item
          name="method"
          label={t('fields.method')}
          required
          rules={[rule('method')]}
          extra={method ? t(`method-hints.${method}`) : undefined}
        >
          <Radio.Group
            className="withdraw-methods"
            options={WITHDRAWAL_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="amount"
              label={t('fields.amount')}
              required
              rules={[rule('amount')]}
              extra={
                <span className="withdraw-amount-extra">
                  {t('withdrawable-amount', { amount: usd(limits.withdrawable) })} ·{' '}
                  {t('minimum', { amount: usd(limits.minimum) })}
                  {limits.withdrawable >= limits.minimum ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        form.setFieldValue('amount', limits.withdrawable);
                        void form.validateFields(['amount']);
                      }}
                    >
                      {t('withdraw-all')}
                    </Button>
                  ) : null}
                </span>
              }
            >
              <AmountInput prefix="$" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="beneficiaryName"
              label={t('fields.beneficiaryName')}
              required
              rules={[rule('beneficiaryName')]}
              extra={t('hints.beneficiaryName')}
            >
              {input('beneficiaryName')}
            </Form.Item>
          </Col>
          {fields.map((name) => (
            <Col key={`${method}-${name}`} xs={24} sm={12}>
              <Form.Item
                name={name}
                label={t(`fields.${name}`)}
                required={!optional.includes(name)}
                rules={[rule(name)]}
                extra={hint(name)}
              >
                {input(name)}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit">
          {t('continue')}
        </Button>
      </Form>
      <Modal
        open={confirming !== null}
        title={t('confirm.title')}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
        footer={[
          <Button key="back" onClick={() => setConfirming(null)}>
            {t('confirm.back')}
          </Button>,
          <Button key="send" type="primary" loading={sending} onClick={() => void send()}>
            {t('confirm.submit')}
          </Button>,
        ]}
      >
        {confirming ? (
          <>
            <p>{t('confirm.intro')}</p>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                {
                  key: 'amount',
                  label: t('confirm.amount'),
                  children: <strong>{usd(confirming.request.amount)}</strong>,
                },
                { key: 'method', label: t('confirm.method'), children: t(`methods.${confirming.request.method}`) },
              ]}
            />
            <DestinationList method={confirming.request.method} values={confirming.request} />
          </>
        ) : null}
      </Modal>
    </section>
  );
}
