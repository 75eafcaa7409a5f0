import { useState } from 'react';
import { Button, Form, Select, type TableColumnsType } from 'antd';
import type { TaxRate } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useCountries, useCountryName } from '../../../lib/countries';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ServerErrors } from '../shared/admin-page';
import { DecimalInput } from '../shared/decimal-input';
import { AdminListPage } from '../shared/list-page';
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
    {
      title: t('tax-rates.rate'),
      dataIndex: 'rate',
      align: 'end',
      render: (rate: number) => percent.format(rate / 100),
    },
    {
      title: t('tax-rates.updated'),
      dataIndex: 'updatedAt',
      render: (at: string, r) =>
        r.updatedBy ? date.format(new Date(at)) : <span className="admin-muted">{t('tax-rates.demo')}</span>,
    },
  ];

  return (
    <AdminListPage<TaxRate>
      title={t('routes:admin-tax-rates')}
      intro={t('tax-rates.intro')}
      before={
        <>
          <ServerErrors messages={orphans} />
          <Form<Values>
            form={form}
            layout="inline"
            onFinish={(v) => void save(v)}
            className="admin-tax-rate-form"
            initialValues={{ rate: null }}
          >
            <Form.Item name="country" label={t('tax-rates.country')} rules={[rules.required()]}>
              <Select
                showSearch
                style={{ width: 240 }}
                optionFilterProp="label"
                loading={countries.isLoading}
                options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))}
              />
            </Form.Item>
            <Form.Item
              name="rate"
              label={t('tax-rates.rate-percent')}
              rules={[rules.required(), rules.decimals(2), rules.range(0, 100)]}
            >
              <DecimalInput decimals={2} suffix="%" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                {ta('actions.save')}
              </Button>
            </Form.Item>
          </Form>
        </>
      }
      rowKey="country"
      columns={columns}
      query={{ ...rates, isFetching: rates.isLoading }}
      paging={false}
      table={{ style: { marginTop: 16 } }}
      rowName={(r) => r.country}
      // The edit button fills the form above the table, which saves a country's rate.
      rowActions={(r) => (
        <Button
          size="small"
          onClick={() => form.setFieldsValue({ country: r.country, rate: r.rate })}
          aria-label={ta('actions.edit-named', { name: r.country })}
        >
          {ta('actions.edit')}
        </Button>
      )}
      remove={{
        question: (_, r) => t('tax-rates.delete-confirm', { country: countryName(r.country) }),
        run: (r) => writes.remove(r.country),
        done: (_, r) => t('tax-rates.deleted', { country: countryName(r.country) }),
      }}
    />
  );
}
