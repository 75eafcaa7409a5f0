import { useState } from 'react';
import { Alert, Button, Form, Input, Table, type TableColumnsType } from 'antd';
import type { Currency } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { DecimalInput } from '../shared/decimal-input';
import { useAdminRules } from '../shared/rules';
import { useNarrow } from '../shared/use-narrow';
import { applyServerErrors } from '../shared/server-errors';
import { useAdminRates, useUpdateCurrency } from './currency.api';

interface RowValues {
  rate: number | null;
  symbol: string;
  name: string;
}
type Values = { c: Record<string, RowValues> };

const BASE = 'USD';

/** /admin/currencies: exchange rates against USD (fixed at 1), symbols and names. */
export default function CurrencyPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const narrow = useNarrow();
  const rules = useAdminRules();
  const rates = useAdminRates();
  const update = useUpdateCurrency();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<string | null>(null);
  const [orphans, setOrphans] = useState<string[]>([]);
  // Rows are filled once; a refetch after a save must not undo another row being edited.
  const [initial, setInitial] = useState<Values | null>(null);
  if (rates.data && !initial) {
    setInitial({
      c: Object.fromEntries(rates.data.map((r) => [r.currencyCode, { rate: r.rate, symbol: r.symbol, name: r.name }])),
    });
  }

  async function save(currency: Currency) {
    const code = currency.currencyCode;
    const names = (['rate', 'symbol', 'name'] as const).map((f) => ['c', code, f]);
    try {
      await form.validateFields(names);
    } catch {
      return;
    }
    const row = form.getFieldValue(['c', code]) as RowValues;
    setSaving(code);
    const result = await update(code, {
      rate: row.rate!,
      ...(row.symbol.trim() ? { symbol: row.symbol.trim() } : {}),
      ...(row.name.trim() ? { name: row.name.trim() } : {}),
    });
    setSaving(null);
    if (result.success) {
      setOrphans([]);
      toast.success(t('currency.saved', { code }));
    } else {
      setOrphans(
        applyServerErrors(form, result, (path) => (typeof path[0] === 'string' ? ['c', code, path[0]] : null)),
      );
    }
  }

  const columns: TableColumnsType<Currency> = [
    { title: t('currency.code'), dataIndex: 'currencyCode', render: (code: string) => <strong>{code}</strong> },
    {
      title: t('currency.rate'),
      key: 'rate',
      render: (_, c) => (
        <Form.Item
          name={['c', c.currencyCode, 'rate']}
          rules={[rules.required(), rules.positive(), rules.decimals(8), rules.range(0, 1_000_000)]}
          extra={c.currencyCode === BASE ? t('currency.base-hint') : t('currency.rate-hint', { code: c.currencyCode })}
        >
          <DecimalInput decimals={8} aria-label={t('currency.rate-of', { code: c.currencyCode })} />
        </Form.Item>
      ),
    },
    {
      title: t('currency.symbol'),
      key: 'symbol',
      render: (_, c) => (
        <Form.Item name={['c', c.currencyCode, 'symbol']} rules={[rules.max(8)]}>
          <Input maxLength={8} aria-label={t('currency.symbol-of', { code: c.currencyCode })} />
        </Form.Item>
      ),
    },
    {
      title: t('currency.name'),
      key: 'name',
      render: (_, c) => (
        <Form.Item name={['c', c.currencyCode, 'name']} rules={[rules.max(64)]}>
          <Input maxLength={64} aria-label={t('currency.name-of', { code: c.currencyCode })} />
        </Form.Item>
      ),
    },
    {
      title: t('currency.example'),
      key: 'example',
      render: (_, c) => (
        <span className="admin-muted">
          {formatMoney(100, null, lang)} = {formatMoney(100, c, lang)}
        </span>
      ),
    },
    {
      title: t('actions.label'),
      key: 'save',
      // Stays in view when the other columns are wider than the console (decision 0066); not on a
      // phone, where a fixed column would cover most of the grid: the row scrolls to its Save.
      fixed: narrow ? undefined : 'end',
      render: (_, c) => (
        <Button
          type="primary"
          loading={saving === c.currencyCode}
          onClick={() => void save(c)}
          aria-label={t('currency.save-of', { code: c.currencyCode })}
        >
          {t('actions.save')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={t('routes:admin-currencies')} intro={t('currency.intro')}>
      {rates.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      <ServerErrors messages={orphans} />
      {initial ? (
        <Form form={form} initialValues={initial} component="div" className="admin-currency-form">
          <Table<Currency>
            rowKey="currencyCode"
            className="admin-currency-table"
            columns={columns}
            dataSource={rates.data ?? []}
            pagination={false}
            // As wide as the console, the example wrapping, so that at 1280 px the fixed Save column
            // covers nothing; a phone scrolls it (nothing fixed there).
            scroll={{ x: true }}
            tableLayout="auto"
          />
        </Form>
      ) : (
        <Table<Currency> rowKey="currencyCode" columns={[]} dataSource={[]} loading={rates.isLoading} />
      )}
    </AdminPage>
  );
}
