import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Radio, Skeleton } from 'antd';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromMinor, toMinor, type OrderDetail, type OrderPaymentMethod, type OrderTwoParts } from '@dsm/contract';
import { leaveSite } from '../../lib/navigation';
import { ordersKeys, paymentsKeys, walletKeys } from '../../lib/query-keys';
import { UsdAmount, useUsd } from '../../components/payment/money';
import { orderQuery, payOrderDeposit, payOrderDepositPayPal, payOrders, twoPartsQuery } from './payments.api';
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
  // A single bulk order from the operator's amount on may be paid in two parts (decision 0145):
  // the buyer chooses; in full stays the default, as before.
  const single = payable.length === 1 && payable[0]!.purchaseType === 'bulk' ? payable[0]! : null;
  const parts = useQuery({ ...twoPartsQuery(single?.id ?? ''), enabled: single !== null });
  const offer = single ? (parts.data?.offer ?? null) : null;
  const [plan, setPlan] = useState<'full' | 'deposit'>('full');
  const deposit = offer && plan === 'deposit' ? offer : null;
  const payMethods = usePayMethods(deposit ? deposit.deposit : total);
  const { paypal } = payMethods;

  async function payDeposit(orderId: string, terms: NonNullable<OrderTwoParts['offer']>) {
    const signature = `deposit:${method}:${orderId}:${terms.percent}`;
    const key = keys.current.get(signature) ?? crypto.randomUUID();
    keys.current.set(signature, key);
    const failed = (msg: string) => {
      setBusy(false);
      setError(msg);
      void parts.refetch();
    };
    if (method === 'paypal') {
      // PayPal brings the deposit into the wallet, then it is paid from there (decision 0140).
      const started = await payOrderDepositPayPal(orderId, { percent: terms.percent }, key);
      if (!started.success) return failed(started.msg);
      client.setQueryData(paymentsKeys.payment(started.data.id), started.data);
      if (started.data.approveUrl) leaveSite.to(started.data.approveUrl);
      else void navigate(`/user/paystate?payment=${encodeURIComponent(started.data.id)}`);
      return;
    }
    const result = await payOrderDeposit(orderId, { method: 'wallet', percent: terms.percent }, key);
    if (!result.success) return failed(result.msg);
    void client.invalidateQueries({ queryKey: walletKeys.all });
    void client.invalidateQueries({ queryKey: paymentsKeys.all });
    void client.invalidateQueries({ queryKey: ordersKeys.all });
    void navigate(`/user/storeorder?order=${encodeURIComponent(orderId)}`);
  }

  async function pay() {
    if (busy) return;
    setBusy(true);
    setError(null);
    if (single && deposit) return payDeposit(single.id, deposit);
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

      {offer ? <TwoPartsChoice offer={offer} total={total} plan={plan} onChange={setPlan} /> : null}

      <PayMethodSection headingId="pay-method" method={method} onChange={setMethod} methods={payMethods} />

      <section className="pay-order-section pay-order-totals" aria-labelledby="pay-total">
        <h2 id="pay-total">{t('pay-order.summary')}</h2>
        <dl>
          <div className="pay-order-total">
            <dt>{t('pay-order.to-pay')}</dt>
            <dd data-testid="pay-total">
              <UsdAmount
                value={method === 'paypal' && paypal ? paypal.total : deposit ? deposit.deposit : total}
                equivalent
              />
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
          {deposit ? t('choice.pay') : method === 'paypal' ? t('pay-order.pay-paypal') : t('pay-order.pay-wallet')}
        </Button>
        <p className="pay-order-muted">
          {method === 'wallet' ? t('pay-order.wallet-note') : t('pay-order.paypal-note')}
        </p>
      </section>
    </div>
  );
}

/**
 * The buyer's choice for a bulk order from the operator's amount on (decision 0145): a part now
 * and the balance when the goods are purchased, or all now; what happens to the deposit after
 * purchase is said before paying.
 */
function TwoPartsChoice({
  offer,
  total,
  plan,
  onChange,
}: {
  offer: NonNullable<OrderTwoParts['offer']>;
  total: number;
  plan: 'full' | 'deposit';
  onChange: (plan: 'full' | 'deposit') => void;
}) {
  const { t } = useTranslation('payments');
  const usd = useUsd();
  return (
    <section className="pay-order-section" aria-labelledby="pay-plan">
      <h2 id="pay-plan">{t('choice.title')}</h2>
      <Radio.Group
        name="pay-plan"
        className="pay-order-choices"
        value={plan}
        onChange={(e) => onChange(e.target.value as 'full' | 'deposit')}
      >
        <Radio value="deposit" className="pay-order-choice">
          <span className="pay-order-choice-name">
            {t('choice.deposit', { percent: offer.percent, deposit: usd(offer.deposit) })}
          </span>
          <span className="pay-order-choice-detail">{t('choice.deposit-rest', { balance: usd(offer.balance) })}</span>
        </Radio>
        <Radio value="full" className="pay-order-choice">
          <span className="pay-order-choice-name">{t('choice.full', { total: usd(total) })}</span>
        </Radio>
      </Radio.Group>
      {plan === 'deposit' ? <p className="pay-order-muted">{t('choice.rules')}</p> : null}
    </section>
  );
}
