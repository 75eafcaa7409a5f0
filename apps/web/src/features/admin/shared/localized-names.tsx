import { Form, Input } from 'antd';
import { LOCALES } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useAdminRules } from './rules';

/** A short name in each language (categories, tags, methods, warehouses); English is required. */
export function LocalizedNames({ name = 'names', max = 120 }: { name?: string; max?: number }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  return (
    <fieldset className="admin-names">
      <legend>{t('form.names')}</legend>
      {LOCALES.map((locale) => (
        <Form.Item
          key={locale}
          name={[name, locale]}
          label={t(`common:languages.${locale}`)}
          rules={
            locale === 'en-US' ? [rules.requiredText(t('validation.english-name')), rules.max(max)] : [rules.max(max)]
          }
        >
          <Input lang={locale} maxLength={max} />
        </Form.Item>
      ))}
    </fieldset>
  );
}
