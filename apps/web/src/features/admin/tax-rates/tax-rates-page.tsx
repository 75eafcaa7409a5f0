import { useState } from 'react';
import { Alert, Button, Form, Select, Table, type TableColumnsType } from 'antd';
import type { TaxRate } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useCountries, useCountryName } from '../../../lib/countries';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { DecimalInput } from '../shared/decimal-input';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { useTaxRateWrites, useTaxRates } from './tax-rates.api';

interface Values {
  country?: string;
  rate: number | null;
}

/**
 * /admin/tax-rates: the tax rate per destination country that checkout applies to the goods
 * total (decision 0083). A country without a rate is taxed at 0.
 */
export default function TaxRatesPage() {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const rates = useTaxRates();
  const countries = useCountries();
  const countryName = useCountryName();
  const writes = useTaxRateWrites();
  const [confirm, holder] = useConfirm();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });

  async function save(values: Values) {
    setSaving(true);
    const result = await writes.put(values.country!, values.rate!);
    setSaving(false);
    if (result.success) {
      setOrphans([]);
      toast.success(t('tax-rates.saved', { country: countryName(values.country!) }));
      form.resetFields();
    } else {
      setOrphans(applyServerErrors(form, result));
    }
  }

  async function remove(rate: TaxRate) {
    const name = countryName(rate.country);
    if (!(await confirm({ title: t('tax-rates.delete-confirm', { country: name }), danger: true, okText: ta('actions.delete') }))) return;
    const result = await writes.remove(rate.country);
    if (result.success) toast.success(t('tax-rates.deleted', { country: name }));
  }

  const columns: TableColumnsType<TaxRate> = [
    {
      title: t('tax-rates.country'),
      dataIndex: 'country',
      render: (code: string) => (
        <span>
          <strong>{code}</strong> {countryName(code)}
        </span>
      ),
    },
    { title: t('tax-rates.rate'), dataIndex: 'rate', align: 'end', render: (rate: number) => percent.format(rate / 100) },
    {
      title: t('tax-rates.updated'),
      dataIndex: 'updatedAt',
      render: (at: string, r) => (r.updatedBy ? date.format(new Date(at)) : <span className="admin-muted">{t('tax-rates.demo')}</span>),
    },
    {
      title: ta('actions.label'),
      key: 'actions',
      fixed: 'end',
      render: (_, r) => (
        <span className="admin-row-actions">
          <Button size="small" onClick={() => form.setFieldsValue({ country: r.country, rate: r.rate })} aria-label={ta('actions.edit-named', { name: r.country })}>
            {ta('actions.edit')}
          </Button>
          <Button size="small" danger onClick={() => void remove(r)} aria-label={ta('actions.delete-named', { name: r.country })}>
            {ta('actions.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage title={t('routes:admin-tax-rates')} intro={t('tax-rates.intro')}>
      {holder}
      {rates.isError ? <Alert type="error" showIcon title={ta('form.load-failed')} /> : null}
      <ServerErrors messages={orphans} />
      <Form<Values> form={form} layout="inline" onFinish={(v) => void save(v)} className="admin-tax-rate-form" initialValues={{ rate: null }}>
        <Form.Item name="country" label={t('tax-rates.country')} rules={[rules.required()]}>
          <Select
            showSearch
            style={{ width: 240 }}
            optionFilterProp="label"
            loading={countries.isLoading}
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))}
          />
        </Form.Item>
        <Form.Item name="rate" label={t('tax-rates.rate-percent')} rules={[rules.required(), rules.decimals(2), rules.range(0, 100)]}>
          <DecimalInput decimals={2} suffix="%" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {ta('actions.save')}
          </Button>
        </Form.Item>
      </Form>
      <Table<TaxRate>
        rowKey="country"
        columns={columns}
        dataSource={rates.data ?? []}
        loading={rates.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 16 }}
      />
    </AdminPage>
  );
}
