import type { ReactNode } from 'react';
import { Form, Tabs } from 'antd';
import { LOCALES, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';

interface LocaleTabsProps {
  /** The form list holding one entry per language (`translations`, `text`): marks tabs with errors. */
  prefix: string;
  activeKey: Locale;
  onChange: (locale: Locale) => void;
  /** The fields of one language; every tab stays mounted, so values and checks cover all four. */
  children: (locale: Locale) => ReactNode;
  /** The language that must be filled in. */
  required?: Locale;
}

function TabLabel({ prefix, locale, required }: { prefix: string; locale: Locale; required: boolean }) {
  const { t } = useTranslation('admin');
  const language = t(`common:languages.${locale}`);
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => {
        const hasError = form
          .getFieldsError()
          .some((f) => f.name[0] === prefix && f.name[1] === locale && f.errors.length > 0);
        return (
          <span className="admin-tab-label">
            {required ? t('form.language-required', { language }) : language}
            {hasError ? <span className="admin-tab-error" role="img" aria-label={t('form.tab-has-errors')} /> : null}
          </span>
        );
      }}
    </Form.Item>
  );
}

/** One tab per interface language for the localized texts of a record. */
export function LocaleTabs({ prefix, activeKey, onChange, children, required = 'en-US' }: LocaleTabsProps) {
  return (
    <Tabs
      className="admin-locale-tabs"
      activeKey={activeKey}
      onChange={(key) => onChange(key as Locale)}
      items={LOCALES.map((locale) => ({
        key: locale,
        forceRender: true,
        label: <TabLabel prefix={prefix} locale={locale} required={locale === required} />,
        children: children(locale),
      }))}
    />
  );
}
