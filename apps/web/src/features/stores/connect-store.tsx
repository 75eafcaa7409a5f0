import { useState } from 'react';
import type { StorePlatformName } from '@dsm/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../lib/form-errors';
import { jumpPath } from './flow';
import { storeActions } from './stores.api';

/**
 * Shopify's install from our side: the merchant gives the shop domain, the server answers the
 * shop's authorization page (with our scopes and a state bound to this user), and the browser
 * goes there through /externalJump.
 */
function ShopifyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ shop: string }>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function install({ shop }: { shop: string }) {
    setSending(true);
    setError(null);
    try {
      const res = await storeActions.shopifyInstall(shop.trim());
      if (res.success) return void navigate(jumpPath(res.data.url));
      // A field error goes under the field; a refusal (not configured, bad domain) above it.
      if (applyServerErrors(form, res).length || !Array.isArray(res.data)) setError(res.msg);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title={t('connect.shopify-title')}
      okText={t('connect.shopify-go')}
      cancelText={t('card.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="st-muted">{t('connect.shopify-text')}</p>
      {error ? (
        <p className="st-error" role="alert">
          {error}
        </p>
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void install(v)}>
        <Form.Item
          name="shop"
          label={t('connect.shop')}
          extra={t('connect.shop-hint')}
          rules={[{ required: true, whitespace: true, message: t('connect.shop-required') }]}
        >
          <Input placeholder="your-shop.myshopify.com" autoFocus autoComplete="off" inputMode="url" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "Connect a store": one button per platform (SPEC §1), or only the one a page is about. */
export function ConnectStore({ only }: { only?: StorePlatformName }) {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const [shopify, setShopify] = useState(false);
  const [aliBusy, setAliBusy] = useState(false);

  async function aliexpress() {
    setAliBusy(true);
    try {
      const res = await storeActions.aliAuthorize();
      if (res.success) void navigate(jumpPath(res.data.url));
    } finally {
      setAliBusy(false);
    }
  }

  const show = (p: StorePlatformName) => !only || only === p;
  return (
    <section className="st-connect" aria-labelledby="st-connect-title">
      <h2 id="st-connect-title">{t('connect.title')}</h2>
      <div className="st-connect-buttons">
        {show('shopify') ? (
          <Button className="st-connect-button" onClick={() => setShopify(true)}>
            {t('connect.shopify')}
          </Button>
        ) : null}
        {show('woocommerce') ? (
          <Button className="st-connect-button" onClick={() => void navigate('/user/woocommerce')}>
            {t('connect.woocommerce')}
          </Button>
        ) : null}
        {show('aliexpress') ? (
          <Button className="st-connect-button" loading={aliBusy} onClick={() => void aliexpress()}>
            {t('connect.aliexpress')}
          </Button>
        ) : null}
      </div>
      {shopify ? <ShopifyDialog onClose={() => setShopify(false)} /> : null}
    </section>
  );
}
