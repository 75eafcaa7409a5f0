import { useMemo } from 'react';
import { Form, Input, Select, Switch, Tag, type TableColumnsType } from 'antd';
import type { AdminWarehouse, Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DecimalInput } from '../shared/decimal-input';
import { LocalizedNames } from '../shared/localized-names';
import { compactNames, namesForForm, pickName } from '../shared/names';
import { AdminListPage, type ListEditor } from '../shared/list-page';
import { SEARCH_BY_LABEL, useAdminRules } from '../shared/rules';
import { useCountries } from '../../../lib/countries';
import { useAdminWarehouses, useLogisticsActions } from './logistics.api';

interface WarehouseValues {
  code: string;
  country?: string;
  names: Record<Locale, string>;
  active: boolean;
  position: number | null;
}

function WarehouseFields({ warehouse }: { warehouse: AdminWarehouse | null }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const countries = useCountries();
  return (
    <>
      <div className="admin-grid">
        <Form.Item
          name="code"
          label={t('warehouses.code')}
          extra={warehouse ? undefined : t('warehouses.code-hint')}
          rules={[rules.requiredText(), { pattern: /^[A-Za-z]{2,8}$/, message: t('warehouses.code-format') }]}
        >
          <Input disabled={Boolean(warehouse)} maxLength={8} autoComplete="off" />
        </Form.Item>
        <Form.Item name="country" label={t('warehouses.country')} rules={[rules.required()]}>
          <Select
            showSearch={SEARCH_BY_LABEL}
            loading={countries.isLoading}
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
      </div>
      <LocalizedNames />
      <div className="admin-grid">
        <Form.Item name="position" label={t('form.position')} rules={[rules.range(0, 1000)]}>
          <DecimalInput decimals={0} />
        </Form.Item>
        <Form.Item name="active" label={t('warehouses.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
    </>
  );
}

/** /admin/warehouses: where goods ship from (the calculator's "from"). */
export default function WarehousesPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const warehouses = useAdminWarehouses();
  const countries = useCountries();
  const countryName = (code: string) => countries.data?.find((c) => c.code === code)?.name ?? code;
  const { saveWarehouse, deleteWarehouse } = useLogisticsActions();
  const sorted = useMemo(() => [...(warehouses.data ?? [])].sort((a, b) => a.position - b.position), [warehouses.data]);

  const columns: TableColumnsType<AdminWarehouse> = [
    { title: t('warehouses.name'), key: 'name', render: (_, w) => pickName(w.names, lang) },
    { title: t('warehouses.code'), dataIndex: 'code' },
    { title: t('warehouses.country'), key: 'country', render: (_, w) => countryName(w.country) },
    {
      title: t('warehouses.active'),
      key: 'active',
      render: (_, w) => (
        <Tag color={w.active ? 'green' : 'default'}>{w.active ? t('shipping.on') : t('shipping.off')}</Tag>
      ),
    },
    { title: t('form.position'), dataIndex: 'position', align: 'right' },
  ];

  const editor: ListEditor<AdminWarehouse, WarehouseValues> = {
    title: (w) => (w ? t('warehouses.edit-title', { name: pickName(w.names, lang) }) : t('warehouses.new-title')),
    initialValues: (w) => ({
      code: w?.code ?? '',
      country: w?.country,
      names: namesForForm(w?.names),
      active: w?.active ?? true,
      position: w?.position ?? 0,
    }),
    fields: ({ row }) => <WarehouseFields warehouse={row} />,
    submit: (values, w) =>
      saveWarehouse(w?.code ?? null, {
        code: values.code.trim(),
        country: values.country!,
        names: compactNames(values.names),
        active: values.active,
        position: values.position ?? 0,
      }),
    saved: (w) => (w ? t('warehouses.saved') : t('warehouses.created')),
  };

  return (
    <AdminListPage<AdminWarehouse, WarehouseValues>
      title={t('routes:admin-warehouses')}
      intro={t('warehouses.intro')}
      newLabel={t('warehouses.new')}
      rowKey="code"
      columns={columns}
      query={{ ...warehouses, data: sorted }}
      paging={false}
      rowName={(w) => pickName(w.names, lang) || w.code}
      editor={editor}
      // A warehouse still in use is refused by the server, whose reason shows as a warning.
      remove={{
        question: (name) => t('warehouses.delete-title', { name }),
        run: (w) => deleteWarehouse(w.code),
        done: () => t('warehouses.deleted'),
      }}
    />
  );
}
