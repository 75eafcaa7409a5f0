import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { CONFIG_CODES } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { useAdminConfig, useUpdateConfig, type AdminConfigValue } from './config-info.api';

type Values = { v: Record<string, string> };
const KNOWN: string[] = [CONFIG_CODES.chatLink, CONFIG_CODES.supportEmail];

function SettingsForm({ items }: { items: AdminConfigValue[] }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const update = useUpdateConfig();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const [initial] = useState<Values>(() => ({ v: Object.fromEntries(items.map((i) => [i.code, i.value])) }));
  // The two values the shell reads come first, even before the server has them.
  const codes = [...KNOWN, ...items.map((i) => i.code).filter((c) => !KNOWN.includes(c))];

  async function submit(values: Values) {
    const changed = codes.filter((code) => (values.v[code] ?? '').trim() !== (initial.v[code] ?? ''));
    if (!changed.length) {
      toast.info(t('config-info.unchanged'));
      return;
    }
    setSaving(true);
    const problems: string[] = [];
    let saved = 0;
    for (const code of changed) {
      const value = (values.v[code] ?? '').trim();
      const result = await update(code, value);
      if (result.success) {
        saved += 1;
        initial.v[code] = value;
      } else problems.push(...applyServerErrors(form, result, (path) => (path[0] === 'value' ? ['v', code] : null)));
    }
    setSaving(false);
    setOrphans(problems);
    if (saved === changed.length) toast.success(t('config-info.saved'));
  }

  const label = (code: string) => (KNOWN.includes(code) ? t(`config-info.${code}`) : code);
  const extra = (code: string) => (KNOWN.includes(code) ? t(`config-info.${code}-hint`) : undefined);
  const fieldRules = (code: string) => {
    if (code === CONFIG_CODES.chatLink) return [rules.url(), rules.max(4000)];
    if (code === CONFIG_CODES.supportEmail) return [rules.email(), rules.max(320)];
    return [rules.max(4000)];
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      className="admin-form admin-settings"
    >
      <ServerErrors messages={orphans} />
      {codes.map((code) => (
        <Form.Item key={code} name={['v', code]} label={label(code)} extra={extra(code)} rules={fieldRules(code)}>
          <Input
            type={code === CONFIG_CODES.supportEmail ? 'email' : code === CONFIG_CODES.chatLink ? 'url' : 'text'}
            inputMode={
              code === CONFIG_CODES.supportEmail ? 'email' : code === CONFIG_CODES.chatLink ? 'url' : undefined
            }
            autoComplete="off"
          />
        </Form.Item>
      ))}
      <div className="admin-form-actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('actions.save')}
        </Button>
      </div>
    </Form>
  );
}

/** /admin/settings: the contact chat link and the support e-mail address. */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  const config = useAdminConfig();
  return (
    <AdminPage title={t('routes:admin-settings')} intro={t('config-info.intro')}>
      {config.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      {config.isLoading ? <Skeleton active /> : null}
      {config.data ? <SettingsForm items={config.data} /> : null}
    </AdminPage>
  );
}
