import { useState } from 'react';
import { type AddWooStoreBody, STORE_ADDRESS_MAX, STORE_NAME_MAX } from '@dsm/contract';
import { Alert, Button, Collapse, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiFailure } from '../../lib/api';
import { toast } from '../../lib/toast';
import { applyServerErrors } from '../../lib/form-errors';
import { jumpPath } from './flow';
import { storeActions, useRefreshStores } from './stores.api';
import './stores.css';

type Values = AddWooStoreBody;

/** Refusals that are about one field: shown under it rather than above the form. */
const FIELD_OF_REASON: Partial<Record<string, keyof Values>> = {
  'store-address-taken': 'address',
  'store-address-not-allowed': 'address',
};

/**
 * /user/woocommerce (SPEC §2, §3, §5): add a WooCommerce store — name and address required —
 * with its REST API consumer key and secret (checked against the store before it is saved), or
 * through the store's own key page (WooCommerce asks the owner to approve, then posts the keys
 * to the server and sends the browser back to /<nonce>/redirectAccess).
 */
export default function WooCommercePage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const refresh = useRefreshStores();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'keys' | 'page' | null>(null);

  /** Field errors under their fields; a refusal about the address under it; any other above. */
  function showFailure(res: ApiFailure) {
    const orphans = applyServerErrors(form, res);
    const field = res.reason ? FIELD_OF_REASON[res.reason] : undefined;
    if (field) form.setFields([{ name: field, errors: [res.msg] }]);
    else if (!Array.isArray(res.data) || orphans.length) setRefusal(orphans.length ? orphans.join(' ') : res.msg);
  }

  async function addByKeys(values: Values) {
    setBusy('keys');
    setRefusal(null);
    try {
      const res = await storeActions.addWoo(values);
      if (!res.success) return showFailure(res);
      toast.success(t('woo.added', { name: res.data.name }));
      await refresh();
      void navigate('/user/shopify');
    } finally {
      setBusy(null);
    }
  }

  async function byKeyPage() {
    setRefusal(null);
    const values = await form.validateFields(['name', 'address']).catch(() => null);
    if (!values) return;
    setBusy('page');
    try {
      const res = await storeActions.wooAuthorize({ name: values.name, address: values.address });
      if (!res.success) return showFailure(res);
      void navigate(jumpPath(res.data.url));
    } finally {
      setBusy(null);
    }
  }

  const keyRules = (prefix: 'ck_' | 'cs_', message: string) => [
    { required: true, whitespace: true, message },
    { pattern: new RegExp(`^\\s*${prefix}[A-Za-z0-9]{8,64}\\s*$`), message },
  ];

  return (
    <section className="st-page st-narrow">
      <h1>{t('woo.title')}</h1>
      <p className="st-muted st-intro">{t('woo.intro')}</p>
      {refusal ? (
        <Alert className="st-refusal" type="error" showIcon title={t('woo.refused')} description={refusal} />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(v) => void addByKeys(v)}
        onValuesChange={() => setRefusal(null)}
      >
        <Form.Item
          name="name"
          label={t('woo.name')}
          rules={[{ required: true, whitespace: true, message: t('form.name-required') }]}
        >
          <Input maxLength={STORE_NAME_MAX} autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('woo.address')}
          extra={t('woo.address-hint')}
          rules={[{ required: true, whitespace: true, message: t('form.address-required') }]}
        >
          <Input maxLength={STORE_ADDRESS_MAX} placeholder="shop.example.com" inputMode="url" autoComplete="url" />
        </Form.Item>
        <h2>{t('woo.by-keys')}</h2>
        <Collapse
          className="st-help"
          size="small"
          items={[
            {
              key: 'help',
              label: t('woo.help-title'),
              children: (
                <ol className="st-steps">
                  <li>{t('woo.help-1')}</li>
                  <li>{t('woo.help-2')}</li>
                  <li>{t('woo.help-3')}</li>
                  <li>{t('woo.help-4')}</li>
                </ol>
              ),
            },
          ]}
        />
        <Form.Item name="consumerKey" label={t('woo.consumer-key')} rules={keyRules('ck_', t('form.key-invalid'))}>
          <Input placeholder="ck_…" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="consumerSecret"
          label={t('woo.consumer-secret')}
          rules={keyRules('cs_', t('form.secret-invalid'))}
        >
          <Input.Password placeholder="cs_…" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <div className="st-form-actions">
          <Button type="primary" htmlType="submit" loading={busy === 'keys'} disabled={busy !== null}>
            {t('woo.connect')}
          </Button>
          <Link to="/user/shopify">{t('links.stores')}</Link>
        </div>
        <div className="st-or">
          <h2>{t('woo.by-page')}</h2>
          <p className="st-muted">{t('woo.by-page-text')}</p>
          <Button onClick={() => void byKeyPage()} loading={busy === 'page'} disabled={busy !== null}>
            {t('woo.by-page-button')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
