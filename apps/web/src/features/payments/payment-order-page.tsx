import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromMinor, toMinor, type OrderDetail, type OrderPaymentMethod } from '@dsm/contract';
import { leaveSite } from '../../lib/navigation';
import { paymentsKeys, walletKeys } from '../../lib/query-keys';
import { UsdAmount } from '../../components/payment/money';
import { orderQuery, payOrders } from './payments.api';
import { PayMethodSection, usePayMethods } from './pay-method';
import { readPayBy } from '../../lib/pay-by';
import { OrdersToPay } from './orders-to-pay';
import '../../components/payment/payment.css';

/** `?orders=a,b` → ids (at most 50, the pay call's limit). */
const idsFromUrl = (param: string | null) =>
  [
    ...new Set(
      (param ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);

/**
 * /user/paymentorder?orders=<ids>: the order confirmation and the payment choice (SPEC §2). The
 * orders (GET /api/p/orders/:id) with their totals and pay-by time, the wallet balance, wallet or
 * PayPal (with PayPal's fee by the recharge fee rule), and Pay → POST /api/p/order/pay, then
 * /user/paystate?payment=<id> (PayPal first goes to its approve page). Only orders still awaiting
 * payment are paid; the others say what they are.
 */
export default function PaymentOrderPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const ids = useMemo(() => idsFromUrl(params.get('orders')), [params]);
  const results = useQueries({ queries: ids.map((id) => orderQuery(id)) });
  const pending = results.some((r) => r.isPending);
  const orders = results.flatMap((r) => (r.data ? [r.data] : []));
  const missing = !pending && orders.length < ids.length;

  return (
    <div className="pay-order-page">
      <h1>{t('pay-order.title')}</h1>
      {ids.length === 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('pay-order.no-orders')}
          action={<Link to="/user/storeorder">{t('pay-order.my-orders')}</Link>}
        />
      ) : null}
      {ids.length > 0 && pending ? <Skeleton active /> : null}
      {missing ? (
        <Alert className="pay-order-notice" type="warning" showIcon role="alert" title={t('pay-order.some-missing')} />
      ) : null}
      {!pending && orders.length > 0 ? <PayPanel orders={orders} /> : null}
    </div>
  );
}

function PayPanel({ orders }: { orders: OrderDetail[] }) {
  const { t } = useTranslation('payments');

  const navigate = useNavigate();
  const client = useQueryClient();
  const [method, setMethod] = useState<OrderPaymentMethod>('wallet');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());
  const payBy = useMemo(() => readPayBy(), []);

  const payable = orders.filter((o) => o.state === 'awaiting-payment');
  const total = fromMinor(payable.reduce((sum, o) => sum + toMinor(o.total), 0));
  const payMethods = usePayMethods(total);
  const { paypal } = payMethods;

  async function pay() {
    if (busy) return;
    setBusy(true);
    setError(null);
    const orderIds = payable.map((o) => o.id);
    // The same orders by the same method are one payment: a double click or a retry reuses the key.
    const signature = `${method}:${orderIds.join(',')}`;
    const key = keys.current.get(signature) ?? crypto.randomUUID();
    keys.current.set(signature, key);
    const result = await payOrders({ orderIds, method }, key);
    if (!result.success) {
      setBusy(false);
      setError(result.msg);
      return;
    }
    void client.invalidateQueries({ queryKey: walletKeys.all });
    void client.invalidateQueries({ queryKey: paymentsKeys.all });
    client.setQueryData(paymentsKeys.payment(result.data.id), result.data);
    if (result.data.method === 'paypal' && result.data.approveUrl) leaveSite.to(result.data.approveUrl);
    else void navigate(`/user/paystate?payment=${encodeURIComponent(result.data.id)}`);
  }

  return (
    <div className="pay-order-grid">
      <section className="pay-order-section" aria-labelledby="pay-orders">
        <h2 id="pay-orders">{t('pay-order.orders', { count: orders.length })}</h2>
        <OrdersToPay orders={orders} payBy={payBy} />
      </section>

      <PayMethodSection headingId="pay-method" method={method} onChange={setMethod} methods={payMethods} />

      <section className="pay-order-section pay-order-totals" aria-labelledby="pay-total">
        <h2 id="pay-total">{t('pay-order.summary')}</h2>
        <dl>
          <div className="pay-order-total">
            <dt>{t('pay-order.to-pay')}</dt>
            <dd data-testid="pay-total">
              <UsdAmount value={method === 'paypal' && paypal ? paypal.total : total} equivalent />
            </dd>
          </div>
        </dl>
        {error ? <Alert className="pay-order-submit-error" type="error" showIcon role="alert" title={error} /> : null}
        {payable.length === 0 ? (
          <Alert
            type="info"
            showIcon
            title={t('pay-order.nothing-to-pay')}
            action={<Link to="/user/storeorder">{t('pay-order.my-orders')}</Link>}
          />
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          loading={busy}
          disabled={payable.length === 0}
          onClick={() => void pay()}
        >
          {method === 'paypal' ? t('pay-order.pay-paypal') : t('pay-order.pay-wallet')}
        </Button>
        <p className="pay-order-muted">
          {method === 'wallet' ? t('pay-order.wallet-note') : t('pay-order.paypal-note')}
        </p>
      </section>
    </div>
  );
}
