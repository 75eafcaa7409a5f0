import { useState } from 'react';
import type { PreferredShippingMethod, PreferredShippingRule } from '@dsm/contract';
import { Form, Modal, Radio, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../lib/countries';
import { applyServerErrors } from '../../lib/form-errors';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { preferredShippingActions, useMethods, useProductSearch } from './preferred-shipping.api';

interface Values {
  scope: 'all' | 'one';
  prodId?: number;
  country: string;
  methodId?: number;
}

/** A method as a radio choice: name, warehouse, price and days; the calculator's reason when it cannot. */
export function MethodLine({ method }: { method: PreferredShippingMethod }) {
  const { t } = useTranslation('preferred-shipping');
  const money = useMoney();
  const price =
    method.price === null
      ? t('price-varies')
      : method.priceFrom
        ? t('price-from', { price: money(method.price) })
        : money(method.price);
  return (
    <span className="ps-method">
      <span className="ps-method-name">{method.name}</span>
      <span className="ps-muted">{t('from-warehouse', { warehouse: method.warehouse.name })}</span>
      {method.available ? (
        <span className="ps-method-facts">
          <strong>{price}</strong> · {t('days', method.days)}
        </span>
      ) : (
        <span className="ps-reason">{t('not-available', { reason: method.reason ?? '' })}</span>
      )}
    </span>
  );
}

/**
 * Add or change a preference: all products or one found in the catalogue, a country or all, then
 * a method among those the server says deliver there (the others shown disabled, with why).
 */
export function RuleEditor({
  rule,
  onClose,
  onSaved,
}: {
  rule: PreferredShippingRule | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('preferred-shipping');
  const [form] = Form.useForm<Values>();
  const countries = useCountries();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scope = Form.useWatch('scope', form) ?? (rule?.prodId ? 'one' : 'all');
  const prodId = Form.useWatch('prodId', form) ?? null;
  const country = Form.useWatch('country', form) ?? rule?.country ?? '';
  const productChosen = scope === 'all' || prodId !== null;
  const methods = useMethods(scope === 'one' ? prodId : null, country || null, productChosen);
  const search = useProductSearch(keyword);
  const methodsHint = scope === 'one' ? t('form.methods-hint') : country ? t('form.methods-hint-all') : null;

  const found = (search.data?.records ?? []).map((p) => ({ value: p.prodId, label: p.prodName, pic: p.pic }));
  // The rule's own product stays a choice while the search shows others.
  const productOptions =
    rule?.prodId && rule.product && !found.some((p) => p.value === rule.prodId)
      ? [{ value: rule.prodId, label: rule.product.title, pic: rule.product.image }, ...found]
      : found;

  async function save(values: Values) {
    setSaving(true);
    setError(null);
    try {
      const body = {
        prodId: values.scope === 'one' ? (values.prodId ?? null) : null,
        country: values.country || null,
        methodId: values.methodId!,
      };
      const res = rule
        ? await preferredShippingActions.update(rule.id, body)
        : await preferredShippingActions.create(body);
      if (res.success) {
        toast.success(t('saved'));
        onSaved();
        return;
      }
      if (applyServerErrors(form, res).length) setError(res.msg);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={rule ? t('form.title-edit') : t('form.title-add')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? (
        <p className="ps-error" role="alert">
          {error}
        </p>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          scope: rule?.prodId ? 'one' : 'all',
          prodId: rule?.prodId ?? undefined,
          country: rule?.country ?? '',
          methodId: rule?.method.methodId,
        }}
        onValuesChange={(changed: Partial<Values>) => {
          // Another product or country: the method must be chosen again from what ships there.
          if ('scope' in changed || 'prodId' in changed || 'country' in changed)
            form.setFieldValue('methodId', undefined);
        }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="scope" label={t('form.product')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('all-products') },
              { value: 'one', label: t('form.one-product') },
            ]}
          />
        </Form.Item>
        {scope === 'one' ? (
          <Form.Item name="prodId" rules={[{ required: true, message: t('form.product-required') }]}>
            <Select<number>
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              aria-label={t('form.search')}
              placeholder={t('form.search')}
              notFoundContent={keyword ? search.isFetching ? <Spin size="small" /> : t('form.search-empty') : null}
              options={productOptions.map((p) => ({ value: p.value, label: p.label }))}
              optionRender={(o) => {
                const pic = productOptions.find((p) => p.value === o.value)?.pic;
                return (
                  <span className="ps-product-option">
                    {pic ? <img src={pic} alt="" width={28} height={28} /> : null}
                    <span>{o.label}</span>
                  </span>
                );
              }}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="country" label={t('form.country')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('form.country')}
            options={[
              { value: '', label: t('all-countries') },
              ...(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('form.method')}>
          {productChosen && methodsHint ? <p className="ps-muted ps-hint">{methodsHint}</p> : null}
          {!productChosen ? <p className="ps-muted">{t('form.pick-product')}</p> : null}
          {productChosen && methods.isLoading ? <Spin /> : null}
          {methods.data && productChosen && !methods.data.some((m) => m.available) ? (
            <p className="ps-reason">{t('form.no-methods')}</p>
          ) : null}
          <Form.Item name="methodId" noStyle rules={[{ required: true, message: t('form.method-required') }]}>
            <Radio.Group className="ps-methods" aria-label={t('form.method')}>
              {productChosen
                ? (methods.data ?? []).map((m) => (
                    <Radio key={m.methodId} value={m.methodId} disabled={!m.available}>
                      <MethodLine method={m} />
                    </Radio>
                  ))
                : null}
            </Radio.Group>
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}
