import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORE_PAY_IDS_MAX, StorePayQuoteSchema, type OrderPaymentMethod, type StorePayQuote } from '@dsm/contract';
import { leaveSite } from '../../lib/navigation';
import { paymentsKeys, walletKeys } from '../../lib/query-keys';
import { UsdAmount, useUsd } from '../../components/payment/money';
import { PayMethodSection, usePayMethods } from './pay-method';
import { confirmStorePay, payStoreOrders } from './store-pay.api';
import { StorePayOrderCard } from './store-pay-order';
import '../../components/payment/payment.css';
import './store-pay.css';

/** `?ids=a,b` → store order ids (at most the pay call's limit). */
const idsFromUrl = (param: string | null) =>
  [
    ...new Set(
      (param ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, STORE_PAY_IDS_MAX);

/**
 * /user/orderpayment?ids=<store order ids> (issue 21, decision 0118): the quote of the selected
 * store orders — lines, shipments and methods, the landed cost beside the store's selling price
 * and the margin — then pay from the wallet or by PayPal. A change since the quote is shown
 * with the new figures and paid only on a second click; the outcome (paid, or held until a
 * top-up) is the payments module's /user/paystate.
 */
export default function StorePayPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const ids = useMemo(() => idsFromUrl(params.get('ids')), [params]);
  const quote = useQuery({
    queryKey: ['store-pay', 'quote', ids],
    queryFn: () => confirmStorePay(ids),
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

  return (
    <div className="pay-order-page store-pay-page">
      <h1>{t('store-pay.title')}</h1>
      {ids.length === 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('store-pay.no-orders')}
          action={<Link to="/user/storeorder">{t('store-pay.store-orders')}</Link>}
        />
      ) : null}
      {ids.length > 0 && quote.isPending ? <Skeleton active /> : null}
      {quote.data && !quote.data.success ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={quote.data.msg}
          action={<Link to="/user/storeorder">{t('store-pay.store-orders')}</Link>}
        />
      ) : null}
      {quote.data?.success ? <PayPanel initial={quote.data.data} /> : null}
    </div>
  );
}

function PayPanel({ initial }: { initial: StorePayQuote }) {
  const { t } = useTranslation('payments');
  const usd = useUsd();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [quote, setQuote] = useState(initial);
  const [changed, setChanged] = useState<{ was: number } | null>(null);
  const [method, setMethod] = useState<OrderPaymentMethod>('wallet');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());

  const total = quote.total;
  const payMethods = usePayMethods(total);
  const { paypal } = payMethods;

  async function pay() {
    if (busy) return;
    setBusy(true);
    setError(null);
    // One quote by one method is one payment: a double click or a retry reuses the key.
    const signature = `${method}:${quote.confirmToken}`;
    const key = keys.current.get(signature) ?? crypto.randomUUID();
    keys.current.set(signature, key);
    const result = await payStoreOrders({ confirmToken: quote.confirmToken, method }, key);
    if (!result.success) {
      setBusy(false);
      const fresh =
        result.reason === 'quote-changed'
          ? StorePayQuoteSchema.safeParse((result.data as { quote?: unknown })?.quote)
          : null;
      if (fresh?.success) {
        setChanged({ was: quote.total });
        setQuote(fresh.data);
      } else setError(result.msg);
      return;
    }
    void client.invalidateQueries({ queryKey: walletKeys.all });
    void client.invalidateQueries({ queryKey: paymentsKeys.all });
    void client.invalidateQueries({ queryKey: ['store-pay'] });
    const payment = result.data.payment;
    client.setQueryData(paymentsKeys.payment(payment.id), payment);
    if (payment.method === 'paypal' && payment.approveUrl) leaveSite.to(payment.approveUrl);
    else void navigate(`/user/paystate?payment=${encodeURIComponent(payment.id)}`);
  }

  return (
    <div className="pay-order-grid">
      <section className="pay-order-section" aria-labelledby="store-pay-orders">
        <h2 id="store-pay-orders">{t('store-pay.orders', { count: quote.orders.length })}</h2>
        {changed ? (
          <Alert
            className="pay-order-notice"
            type="warning"
            showIcon
            role="alert"
            title={t('store-pay.changed')}
            description={t('store-pay.changed-total', { was: usd(changed.was), now: usd(quote.total) })}
          />
        ) : null}
        {quote.orders.map((o) => (
          <StorePayOrderCard key={o.storeOrderId} order={o} />
        ))}
      </section>

      <PayMethodSection headingId="store-pay-method" method={method} onChange={setMethod} methods={payMethods} />

      <section className="pay-order-section pay-order-totals" aria-labelledby="store-pay-total">
        <h2 id="store-pay-total">{t('pay-order.summary')}</h2>
        <dl>
          <div>
            <dt>{t('store-pay.goods')}</dt>
            <dd>{usd(quote.goods)}</dd>
          </div>
          <div>
            <dt>{t('store-pay.shipping')}</dt>
            <dd>{usd(quote.shipping)}</dd>
          </div>
          <div>
            <dt>{t('store-pay.fee')}</dt>
            <dd>{usd(quote.serviceFee)}</dd>
          </div>
          <div>
            <dt>{t('store-pay.tax')}</dt>
            <dd>{usd(quote.tax)}</dd>
          </div>
          <div className="pay-order-total">
            <dt>{t('pay-order.to-pay')}</dt>
            <dd data-testid="pay-total">
              <UsdAmount value={method === 'paypal' && paypal ? paypal.total : total} equivalent />
            </dd>
          </div>
        </dl>
        {error ? <Alert className="pay-order-submit-error" type="error" showIcon role="alert" title={error} /> : null}
        <Button type="primary" size="large" block loading={busy} onClick={() => void pay()}>
          {changed
            ? t('store-pay.confirm-again')
            : method === 'paypal'
              ? t('pay-order.pay-paypal')
              : t('pay-order.pay-wallet')}
        </Button>
        <p className="pay-order-muted">
          {method === 'wallet' ? t('pay-order.wallet-note') : t('pay-order.paypal-note')}
        </p>
      </section>
    </div>
  );
}
