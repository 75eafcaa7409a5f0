import { useState } from 'react';
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfirmProdBody } from '@dsm/contract';
import { useProdConfirm } from './checkout.api';
import { CheckoutView } from './checkout-view';
import './checkout.css';

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The product, variant and quantity of the address (`?prodId&skuId&count`), or null when one is missing. */
function lineFromUrl(params: URLSearchParams): Pick<ConfirmProdBody, 'prodId' | 'skuId' | 'count'> | null {
  const prodId = positive(params.get('prodId'));
  const skuId = positive(params.get('skuId'));
  const count = positive(params.get('count') ?? '1');
  return prodId && skuId && count ? { prodId, skuId, count } : null;
}

/**
 * /user/paynoworder?prodId&skuId&count: buy-now checkout (decision 0083). The server prices it
 * (POST /api/p/order/prod/confirm); choosing another consignee or shipping method prices again (a line from a warehouse
 * that does not reach the address says why);
 * "Submit order" places it and goes on to /user/paymentorder. The cart is left alone.
 */
export default function PayNowOrderPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const line = lineFromUrl(params);
  const [consigneeId, setConsigneeId] = useState<string | undefined>();
  const [shippingMethods, setShippingMethods] = useState<Record<string, string>>({});
  const confirm = useProdConfirm(line ? { ...line, consigneeId, shippingMethods } : null);

  return (
    <div className="checkout-page">
      <h1>{t('title')}</h1>
      {!line ? (
        <Alert type="error" showIcon title={t('bad-link')} action={<Link to="/goodslist">{t('links.shop')}</Link>} />
      ) : null}
      <CheckoutView
        confirm={confirm}
        enabled={line !== null}
        fromCart={false}
        onConsignee={setConsigneeId}
        onMethod={(shipment, code) => setShippingMethods((chosen) => ({ ...chosen, [shipment]: code }))}
      />
    </div>
  );
}
