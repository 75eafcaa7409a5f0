import { useMemo } from 'react';
import { Checkbox, Form, Input, Select, Switch, Tag, type TableColumnsType } from 'antd';
import {
  SHIPPING_ATTRIBUTE,
  type AdminShippingMethod,
  type CreateShippingMethodBody,
  type Locale,
} from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { DecimalInput } from '../shared/decimal-input';
import { LocalizedNames } from '../shared/localized-names';
import { compactNames, namesForForm, pickName } from '../shared/names';
import { AdminListPage, type ListEditor } from '../shared/list-page';
import { useAdminRules } from '../shared/rules';
import { useAdminWarehouses, useLogisticsActions, useShippingMethods } from './logistics.api';

const REFUSABLE = SHIPPING_ATTRIBUTE.filter((a) => a !== 'general');

interface MethodValues {
  code: string;
  warehouse?: string;
  names: Record<Locale, string>;
  volumetricDivisor: number | null;
  minDays: number | null;
  maxDays: number | null;
  refusedAttributes: CreateShippingMethodBody['refusedAttributes'];
  active: boolean;
  position: number | null;
}

function MethodFields({ method }: { method: AdminShippingMethod | null }) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const warehouses = useAdminWarehouses();
  return (
    <>
      <div className="admin-grid">
        <Form.Item
          name="code"
          label={t('shipping.code')}
          extra={method ? undefined : t('shipping.code-hint')}
          rules={[rules.requiredText(), { pattern: /^[A-Za-z0-9_-]{2,40}$/, message: t('shipping.code-format') }]}
        >
          <Input disabled={Boolean(method)} maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="warehouse" label={t('shipping.warehouse')} rules={[rules.required()]}>
          <Select
            loading={warehouses.isLoading}
            options={(warehouses.data ?? []).map((w) => ({
              value: w.code,
              label: `${pickName(w.names, lang)} (${w.code})`,
            }))}
          />
        </Form.Item>
      </div>
      <LocalizedNames />
      <div className="admin-grid">
        <Form.Item
          name="volumetricDivisor"
          label={t('shipping.divisor')}
          extra={t('shipping.divisor-hint')}
          rules={[rules.required(), rules.range(1000, 20_000)]}
        >
          <DecimalInput decimals={0} />
        </Form.Item>
        <Form.Item name="minDays" label={t('shipping.min-days')} rules={[rules.required(), rules.range(0, 365)]}>
          <DecimalInput decimals={0} suffix={t('shipping.days-unit')} />
        </Form.Item>
        <Form.Item
          name="maxDays"
          label={t('shipping.max-days')}
          dependencies={['minDays']}
          rules={[
            rules.required(),
            rules.range(0, 365),
            ({ getFieldValue }) => ({
              validator: (_, value: number | null) => {
                const min = getFieldValue('minDays') as number | null;
                return value !== null && min !== null && value < min
                  ? Promise.reject(new Error(t('shipping.days-order')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DecimalInput decimals={0} suffix={t('shipping.days-unit')} />
        </Form.Item>
        <Form.Item name="position" label={t('form.position')} rules={[rules.range(0, 1000)]}>
          <DecimalInput decimals={0} />
        </Form.Item>
      </div>
      <Form.Item name="refusedAttributes" label={t('shipping.refused')} extra={t('shipping.refused-hint')}>
        <Checkbox.Group options={REFUSABLE.map((a) => ({ value: a, label: t(`attributes.${a}`) }))} />
      </Form.Item>
      <Form.Item name="active" label={t('shipping.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

/** /admin/shipping: the shipping methods; their zones and rates open on their own page. */
export default function ShippingMethodsPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const methods = useShippingMethods();
  const warehouses = useAdminWarehouses();
  const { saveMethod } = useLogisticsActions();
  const sorted = useMemo(
    () => [...(methods.data ?? [])].sort((a, b) => a.warehouse.localeCompare(b.warehouse) || a.position - b.position),
    [methods.data],
  );
  const warehouseName = (code: string) => {
    const w = warehouses.data?.find((x) => x.code === code);
    return w ? pickName(w.names, lang) : code;
  };

  const columns: TableColumnsType<AdminShippingMethod> = [
    {
      title: t('shipping.method'),
      key: 'name',
      render: (_, m) => (
        <div>
          <Link to={`/admin/shipping/${m.methodId}`}>{pickName(m.names, lang)}</Link>
          <div className="admin-muted">{m.code}</div>
        </div>
      ),
    },
    { title: t('shipping.warehouse'), key: 'warehouse', render: (_, m) => warehouseName(m.warehouse) },
    {
      title: t('shipping.delivery'),
      key: 'days',
      render: (_, m) => t('shipping.days-range', { min: m.minDays, max: m.maxDays }),
    },
    { title: t('shipping.divisor'), dataIndex: 'volumetricDivisor', align: 'right' },
    {
      title: t('shipping.refused'),
      key: 'refused',
      render: (_, m) =>
        m.refusedAttributes.length ? (
          <div className="admin-tag-list">
            {m.refusedAttributes.map((a) => (
              <Tag key={a}>{t(`attributes.${a}`)}</Tag>
            ))}
          </div>
        ) : (
          <span className="admin-muted">—</span>
        ),
    },
    { title: t('shipping.zones'), key: 'zones', align: 'right', render: (_, m) => m.zones.length },
    {
      title: t('shipping.active'),
      key: 'active',
      render: (_, m) => (
        <Tag color={m.active ? 'green' : 'default'}>{m.active ? t('shipping.on') : t('shipping.off')}</Tag>
      ),
    },
  ];

  const editor: ListEditor<AdminShippingMethod, MethodValues> = {
    title: (m) => (m ? t('shipping.edit-method', { name: pickName(m.names, lang) }) : t('shipping.new-method')),
    width: 720,
    initialValues: (m) => ({
      code: m?.code ?? '',
      warehouse: m?.warehouse,
      names: namesForForm(m?.names),
      volumetricDivisor: m?.volumetricDivisor ?? 6000,
      minDays: m?.minDays ?? null,
      maxDays: m?.maxDays ?? null,
      refusedAttributes: (m?.refusedAttributes ?? []).filter((a) => a !== 'general'),
      active: m?.active ?? true,
      position: m?.position ?? 0,
    }),
    fields: ({ row }) => <MethodFields method={row} />,
    submit: (values, m) =>
      saveMethod(m?.methodId ?? null, {
        code: values.code.trim(),
        warehouse: values.warehouse!,
        names: compactNames(values.names),
        volumetricDivisor: values.volumetricDivisor!,
        minDays: values.minDays!,
        maxDays: values.maxDays!,
        refusedAttributes: values.refusedAttributes,
        active: values.active,
        position: values.position ?? 0,
      }),
    mapField: (path) => (path[0] === 'refusedAttributes' ? ['refusedAttributes'] : path),
    saved: (m) => (m ? t('shipping.method-saved') : t('shipping.method-created')),
  };

  return (
    <AdminListPage<AdminShippingMethod, MethodValues>
      title={t('routes:admin-shipping')}
      intro={t('shipping.intro')}
      newLabel={t('shipping.new-method')}
      rowKey="methodId"
      columns={columns}
      query={{ ...methods, data: sorted }}
      paging={false}
      rowName={(m) => pickName(m.names, lang)}
      editor={editor}
      rowActions={(m) => (
        <Link
          to={`/admin/shipping/${m.methodId}`}
          aria-label={t('shipping.zones-rates-named', { name: pickName(m.names, lang) })}
        >
          {t('shipping.zones-rates')}
        </Link>
      )}
    />
  );
}
