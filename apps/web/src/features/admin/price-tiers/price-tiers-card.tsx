import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Select, Skeleton } from 'antd';
import { MAX_PRICE_TIERS, type ProductPriceTiers, ProductPriceTiersSchema } from '@dsm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { bulkKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { ServerErrors } from '../shared/admin-page';
import { DecimalInput } from '../shared/decimal-input';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';

interface TierRow {
  minQuantity: number | null;
  kind: 'fixed' | 'percent';
  value: number | null;
}
interface Values {
  tiers: TierRow[];
}

const path = (prodId: number) => `/admin/catalogue/products/${prodId}/price-tiers`;

function toRows(data: ProductPriceTiers): TierRow[] {
  return data.tiers.map((t) => ({
    minQuantity: t.minQuantity,
    kind: t.unitPrice === null ? 'percent' : 'fixed',
    value: t.unitPrice ?? t.percentOff,
  }));
}

/**
 * The product's bulk price tiers (decision 0090) under the operator's product editor: from a
 * quantity, a fixed unit price or a percentage off; the first tier's quantity is the MOQ. Saved
 * as a whole list (PUT), apart from the product form.
 */
export function PriceTiersCard({ prodId }: { prodId: number }) {
  const { t } = useTranslation('pricing');
  const rules = useAdminRules();
  const client = useQueryClient();
  const tiers = useQuery({
    queryKey: ['admin', ...bulkKeys.tiers(prodId)],
    queryFn: ({ signal }) => api.data<ProductPriceTiers>(path(prodId), { signal, schema: ProductPriceTiersSchema }),
  });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);

  async function save(values: Values) {
    setSaving(true);
    const body = {
      tiers: values.tiers.map((r) => ({
        minQuantity: r.minQuantity!,
        unitPrice: r.kind === 'fixed' ? r.value : null,
        percentOff: r.kind === 'percent' ? r.value : null,
      })),
    };
    const result = await api
      .put<ProductPriceTiers>(path(prodId), body, { schema: ProductPriceTiersSchema })
      .finally(() => setSaving(false));
    if (result.success) {
      setOrphans([]);
      form.setFieldsValue({ tiers: toRows(result.data) });
      await client.invalidateQueries({ queryKey: bulkKeys.tiers(prodId) });
      await client.invalidateQueries({ queryKey: ['admin', ...bulkKeys.tiers(prodId)] });
      toast.success(t('tiers.saved'));
    } else {
      // tiers.N.unitPrice / percentOff → the row's value field.
      setOrphans(
        applyServerErrors(form, result, (p) =>
          p.length === 3 && (p[2] === 'unitPrice' || p[2] === 'percentOff') ? [p[0]!, p[1]!, 'value'] : p,
        ),
      );
    }
  }

  return (
    <Card title={t('tiers.title')} style={{ marginTop: 24 }} className="admin-price-tiers">
      <p className="admin-intro">{t('tiers.intro')}</p>
      {tiers.isError ? <Alert type="error" showIcon title={t('admin:form.load-failed')} /> : null}
      {tiers.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {tiers.data ? (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ tiers: toRows(tiers.data) }}
          onFinish={(v) => void save(v)}
        >
          <ServerErrors messages={orphans} />
          <p>{tiers.data.moq ? t('tiers.moq', { count: tiers.data.moq }) : t('tiers.none')}</p>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <div key={field.key} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
                    <Form.Item
                      name={[field.name, 'minQuantity']}
                      label={t('tiers.min-quantity')}
                      rules={[rules.required(), rules.range(2, 99_999)]}
                    >
                      <InputNumber min={2} max={99_999} precision={0} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'kind']} label={t('tiers.kind')}>
                      <Select
                        style={{ width: 170 }}
                        options={[
                          { value: 'fixed', label: t('tiers.fixed') },
                          { value: 'percent', label: t('tiers.percent') },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => {
                        const percent = form.getFieldValue(['tiers', field.name, 'kind']) === 'percent';
                        return (
                          <Form.Item
                            name={[field.name, 'value']}
                            label={percent ? t('tiers.percent') : t('tiers.fixed')}
                            rules={[
                              rules.required(),
                              rules.decimals(2),
                              percent ? rules.range(0.01, 99.99) : rules.range(0.01, 1_000_000),
                            ]}
                          >
                            <DecimalInput
                              decimals={2}
                              prefix={percent ? undefined : '$'}
                              suffix={percent ? '%' : undefined}
                              style={{ width: 140 }}
                            />
                          </Form.Item>
                        );
                      }}
                    </Form.Item>
                    <Button
                      style={{ marginTop: 30 }}
                      onClick={() => remove(field.name)}
                      aria-label={`${t('tiers.remove')} ${i + 1}`}
                    >
                      {t('tiers.remove')}
                    </Button>
                  </div>
                ))}
                <div style={{ display: 'flex', gap: 8 }}>
                  <Button
                    disabled={fields.length >= MAX_PRICE_TIERS}
                    onClick={() => add({ minQuantity: null, kind: 'fixed', value: null })}
                  >
                    {t('tiers.add')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={saving}>
                    {t('tiers.save')}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </Form>
      ) : null}
    </Card>
  );
}
