import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { LOCALES, type AdminSpec, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { ServerErrors } from '../shared/admin-page';
import { compactNames } from '../shared/names';
import { SEARCH_BY_LABEL, useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { propertyLabel, useProductActions } from './products.api';

interface Values {
  property?: string;
  names: Partial<Record<Locale, string>>;
}

/** A code from the English name: "Sky Blue" → "sky-blue" (kept unique within the spec). */
export function valueCode(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'value';
  let code = base;
  for (let i = 2; taken.includes(code); i += 1) code = `${base}-${i}`;
  return code;
}

/** Adds a value (e.g. a new colour) to one of the specs, named in each language. */
export function SpecValueModal({
  open,
  properties,
  onClose,
}: {
  open: boolean;
  properties: AdminSpec[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const { saveSpec } = useProductActions();

  async function submit(values: Values) {
    const property = properties.find((p) => p.code === values.property);
    if (!property) return;
    const names = compactNames(values.names);
    const code = valueCode(
      names['en-US'] ?? '',
      property.values.map((v) => v.code),
    );
    setSaving(true);
    const result = await saveSpec({
      code: property.code,
      names: compactNames(property.names),
      values: [...property.values.map((v) => ({ code: v.code, names: compactNames(v.names) })), { code, names }],
    });
    setSaving(false);
    if (result.success) {
      toast.success(t('specs.value-added', { name: names['en-US'] }));
      form.resetFields();
      setOrphans([]);
      onClose();
      return;
    }
    const last = property.values.length;
    setOrphans(
      applyServerErrors(form, result, (path) =>
        path[0] === 'values' && path[1] === last && path[2] === 'names' ? ['names', path[3]!] : null,
      ),
    );
  }

  return (
    <Modal
      open={open}
      title={t('specs.new-value')}
      okText={t('actions.add')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <ServerErrors messages={orphans} />
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ names: {} }}>
        <Form.Item name="property" label={t('specs.spec')} rules={[rules.required()]}>
          <Select
            showSearch={SEARCH_BY_LABEL}
            options={properties.map((p) => ({ value: p.code, label: propertyLabel(p, properties, lang) }))}
          />
        </Form.Item>
        {LOCALES.map((locale) => (
          <Form.Item
            key={locale}
            name={['names', locale]}
            label={t(`common:languages.${locale}`)}
            rules={[
              ...(locale === 'en-US' ? [rules.requiredText(t('validation.english-name'))] : []),
              rules.max(60),
              { pattern: /^[^:;]*$/, message: t('specs.no-separators') },
            ]}
          >
            <Input lang={locale} maxLength={60} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
