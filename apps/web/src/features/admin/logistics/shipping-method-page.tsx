import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Select, Skeleton, Table, Tag, type InputRef } from 'antd';
import type { AdminShippingMethod, AdminShippingZone, ShippingRate } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { DecimalInput, MoneyInput } from '../shared/decimal-input';
import { pickName } from '../shared/names';
import { SEARCH_BY_LABEL, useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { useCountries } from '../../../lib/countries';
import { useLogisticsActions, useShippingMethod } from './logistics.api';

type RateRow = { [K in keyof ShippingRate]: number | null };
interface ZoneValues {
  name: string;
  countries: string[];
  rates: RateRow[];
}

const EMPTY_RATE: RateRow = { maxWeight: null, firstWeight: 0.5, firstPrice: null, stepWeight: 0.5, stepPrice: null };

function toValues(zone: AdminShippingZone | null): ZoneValues {
  return zone
    ? { name: zone.name, countries: [...zone.countries], rates: zone.rates.map((r) => ({ ...r })) }
    : { name: '', countries: [], rates: [{ ...EMPTY_RATE }] };
}

interface ZoneCardProps {
  method: AdminShippingMethod;
  zone: AdminShippingZone | null;
  countryOptions: Array<{ value: string; label: string }>;
  /** A new zone's card is gone once it is saved (it comes back as a stored zone) or dropped. */
  onDone?: () => void;
  /** Names the form, so the fields of the zones on one page have ids of their own. */
  formName: string;
}

/** One zone: its countries and its rate rows, edited in place and saved together. */
function ZoneCard({ method, zone, countryOptions, onDone, formName }: ZoneCardProps) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const headingId = useId();
  const [form] = Form.useForm<ZoneValues>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const [initial] = useState(() => toValues(zone));
  const nameRef = useRef<InputRef>(null);
  // A new zone is added at the end of the page: take the operator to it.
  useEffect(() => {
    if (zone) return;
    nameRef.current?.input?.scrollIntoView?.({ block: 'center' });
    nameRef.current?.focus({ preventScroll: true });
  }, [zone]);
  const { saveZone, deleteZone } = useLogisticsActions();
  const [confirm, holder] = useConfirm();
  const title = Form.useWatch('name', form) || zone?.name || t('shipping.new-zone');

  async function submit(values: ZoneValues) {
    setSaving(true);
    const result = await saveZone(method.methodId, zone?.zoneId ?? null, {
      name: values.name.trim(),
      countries: values.countries,
      rates: values.rates.map((r) => ({
        maxWeight: r.maxWeight,
        firstWeight: r.firstWeight ?? 0,
        firstPrice: r.firstPrice ?? 0,
        stepWeight: r.stepWeight ?? 0,
        stepPrice: r.stepPrice ?? 0,
      })),
    });
    setSaving(false);
    if (result.success) {
      setOrphans([]);
      toast.success(t('shipping.zone-saved', { name: values.name.trim() }));
      onDone?.();
    } else setOrphans(applyServerErrors(form, result, (path) => (path[0] === 'countries' ? ['countries'] : path)));
  }

  async function onDelete() {
    if (!zone) return onDone?.();
    if (
      !(await confirm({
        title: t('shipping.delete-zone-title', { name: zone.name }),
        okText: t('actions.delete'),
        danger: true,
      }))
    )
      return;
    const result = await deleteZone(zone.zoneId);
    if (result.success) toast.success(t('shipping.zone-deleted', { name: zone.name }));
  }

  const rateCell = (name: number, field: keyof ShippingRate, n: number, money: boolean, required: boolean) => {
    const label = t('shipping.rate-cell', { field: t(`shipping.rate-${field}`), n });
    return (
      <Form.Item
        name={[name, field]}
        rules={[
          ...(required ? [rules.required()] : []),
          ...(money
            ? [rules.decimals(2), rules.range(0, 100_000)]
            : [rules.positive(), rules.decimals(2), rules.range(0, 5000)]),
        ]}
      >
        {money ? (
          <MoneyInput aria-label={label} />
        ) : (
          <DecimalInput
            decimals={2}
            suffix="kg"
            aria-label={label}
            placeholder={field === 'maxWeight' ? t('shipping.no-limit') : undefined}
          />
        )}
      </Form.Item>
    );
  };

  return (
    <section className="admin-section admin-zone" aria-labelledby={headingId}>
      {holder}
      <h2 id={headingId}>{title}</h2>
      <ServerErrors messages={orphans} />
      <Form form={form} name={formName} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
        <div className="admin-grid">
          <Form.Item name="name" label={t('shipping.zone-name')} rules={[rules.requiredText(), rules.max(80)]}>
            <Input maxLength={80} ref={nameRef} />
          </Form.Item>
          <Form.Item
            name="countries"
            label={t('shipping.countries')}
            rules={[{ required: true, type: 'array', min: 1, message: t('shipping.countries-required') }]}
            className="admin-zone-countries"
          >
            <Select mode="multiple" showSearch={SEARCH_BY_LABEL} options={countryOptions} maxTagCount="responsive" />
          </Form.Item>
        </div>
        <Form.List
          name="rates"
          rules={[
            {
              validator: (_, rows?: RateRow[]) =>
                rows?.length ? Promise.resolve() : Promise.reject(new Error(t('shipping.rates-required'))),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                className="admin-rates"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                rowKey="key"
                dataSource={fields.map((f) => ({ key: f.key, name: f.name }))}
                columns={[
                  {
                    title: t('shipping.rate-maxWeight'),
                    key: 'max',
                    render: (_, r, i) => rateCell(r.name, 'maxWeight', i + 1, false, false),
                  },
                  {
                    title: t('shipping.rate-firstWeight'),
                    key: 'fw',
                    render: (_, r, i) => rateCell(r.name, 'firstWeight', i + 1, false, true),
                  },
                  {
                    title: t('shipping.rate-firstPrice'),
                    key: 'fp',
                    render: (_, r, i) => rateCell(r.name, 'firstPrice', i + 1, true, true),
                  },
                  {
                    title: t('shipping.rate-stepWeight'),
                    key: 'sw',
                    render: (_, r, i) => rateCell(r.name, 'stepWeight', i + 1, false, true),
                  },
                  {
                    title: t('shipping.rate-stepPrice'),
                    key: 'sp',
                    render: (_, r, i) => rateCell(r.name, 'stepPrice', i + 1, true, true),
                  },
                  {
                    title: t('actions.label'),
                    key: 'remove',
                    render: (_, r, i) => (
                      <Button
                        danger
                        aria-label={t('shipping.remove-rate', { n: i + 1 })}
                        disabled={fields.length <= 1}
                        onClick={() => remove(r.name)}
                      >
                        ×
                      </Button>
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              <Button className="admin-add-row" onClick={() => add({ ...EMPTY_RATE })} disabled={fields.length >= 20}>
                {t('shipping.add-rate')}
              </Button>
            </>
          )}
        </Form.List>
        <div className="admin-row-actions admin-zone-actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {zone ? t('shipping.save-zone') : t('shipping.create-zone')}
          </Button>
          <Button danger onClick={() => void onDelete()}>
            {zone ? t('shipping.delete-zone') : t('actions.cancel')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** /admin/shipping/:methodId: a method's zones (countries) and their rate rows. */
export default function ShippingMethodPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const methodId = Number(useParams().methodId);
  const { data: method, isLoading, isError } = useShippingMethod(methodId);
  const countries = useCountries();
  const [drafts, setDrafts] = useState<number[]>([]);
  const countryOptions = useMemo(
    () => [
      { value: '*', label: t('shipping.rest-of-world') },
      ...(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
    ],
    [countries.data, t],
  );

  return (
    <AdminPage
      title={method ? pickName(method.names, lang) : t('routes:admin-shipping-method')}
      back={{ to: '/admin/shipping', label: t('routes:admin-shipping') }}
      intro={
        method ? (
          <>
            {t('shipping.rates-hint')} {t('shipping.countries-hint')}
          </>
        ) : undefined
      }
      actions={
        method ? (
          <Button type="primary" onClick={() => setDrafts((d) => [...d, Date.now()])}>
            {t('shipping.add-zone')}
          </Button>
        ) : null
      }
    >
      {isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      {isLoading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {method ? (
        <>
          <Descriptions
            className="admin-method-summary"
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'code', label: t('shipping.code'), children: method.code },
              { key: 'warehouse', label: t('shipping.warehouse'), children: method.warehouse },
              {
                key: 'days',
                label: t('shipping.delivery'),
                children: t('shipping.days-range', { min: method.minDays, max: method.maxDays }),
              },
              { key: 'divisor', label: t('shipping.divisor'), children: method.volumetricDivisor },
              {
                key: 'active',
                label: t('shipping.active'),
                children: (
                  <Tag color={method.active ? 'green' : 'default'}>
                    {method.active ? t('shipping.on') : t('shipping.off')}
                  </Tag>
                ),
              },
            ]}
          />
          {method.zones.length === 0 && drafts.length === 0 ? (
            <p className="admin-hint">{t('shipping.no-zones')}</p>
          ) : null}
          {method.zones.map((zone) => (
            <ZoneCard
              key={zone.zoneId}
              formName={`zone-${zone.zoneId}`}
              method={method}
              zone={zone}
              countryOptions={countryOptions}
            />
          ))}
          {drafts.map((id) => (
            <ZoneCard
              key={id}
              formName={`zone-new-${id}`}
              method={method}
              zone={null}
              countryOptions={countryOptions}
              onDone={() => setDrafts((d) => d.filter((x) => x !== id))}
            />
          ))}
        </>
      ) : null}
    </AdminPage>
  );
}
