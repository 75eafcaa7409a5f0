import { useRef, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RechargeOrder } from '@dsm/contract';
import { leaveSite } from '../../lib/navigation';
import { rechargeKeys } from '../../lib/query-keys';
import { useConfirmCancel } from './confirm';
import { OrderSummary } from './order-summary';
import { cancelRecharge, startCheckout } from './recharge.api';
import { useRechargeFromUrl } from './use-order';
import '../../components/payment/payment.css';

/**
 * /user/payment?recharge=<id>[&cancelled=1]: the order before paying. "Pay now" goes where the
 * method pays: PayPal through /paypal, card straight to the provider's checkout page, bank
 * transfer to its instructions (/user/paymoney). An order no longer awaiting payment shows its
 * state and links to its confirmation.
 */
export default function PaymentPage() {
  const { t } = useTranslation('recharge');
  const { id, params, order } = useRechargeFromUrl();
  return (
    <div className="payment-page">
      <h1>{t('payment.title')}</h1>
      {params.get('cancelled') === '1' ? (
        <Alert className="payment-notice" type="warning" showIcon title={t('payment.cancelled-at-provider')} />
      ) : null}
      {!id || order.isError ? <NotFound /> : null}
      {id && order.isPending ? <Skeleton active /> : null}
      {order.data ? <PaymentPanel order={order.data} /> : null}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('recharge');
  return (
    <Alert
      type="error"
      showIcon
      title={t('not-found')}
      action={<Link to="/user/rechargeorder">{t('links.orders')}</Link>}
    />
  );
}

function PaymentPanel({ order }: { order: RechargeOrder }) {
  const { t } = useTranslation('recharge');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirmCancel, holder] = useConfirmCancel();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Kept for the life of the page: pressing "Pay now" again after a failure resends the same key.
  const checkoutKey = useRef(crypto.randomUUID());
  const cancelKey = useRef(crypto.randomUUID());
  const query = `recharge=${encodeURIComponent(order.id)}`;

  if (order.state !== 'awaiting-payment') {
    return (
      <>
        <OrderSummary order={order} />
        <Alert
          className="payment-notice"
          type="info"
          showIcon
          title={t('payment.not-awaiting', { state: t(`state.${order.state}`) })}
          action={<Link to={`/user/payconfirmation?${query}`}>{t('payment.see-result')}</Link>}
        />
      </>
    );
  }

  async function payByCard() {
    setBusy('pay');
    setError(null);
    const result = await startCheckout(order.id, checkoutKey.current);
    if (result.success) {
      leaveSite.to(result.data.redirectUrl);
      return;
    }
    setBusy(null);
    setError(result.msg);
  }

  function payNow() {
    if (order.method === 'paypal') void navigate(`/paypal?${query}`);
    else if (order.method === 'bank') void navigate(`/user/paymoney?${query}`);
    else void payByCard();
  }

  async function cancel() {
    if (!(await confirmCancel(order.number))) return;
    setBusy('cancel');
    const result = await cancelRecharge(order.id, cancelKey.current);
    setBusy(null);
    if (result.success) {
      client.setQueryData(rechargeKeys.order(order.id), result.data);
      void client.invalidateQueries({ queryKey: rechargeKeys.all });
    }
  }

  return (
    <>
      {holder}
      <OrderSummary order={order} />
      {error ? <Alert className="payment-notice" type="error" showIcon title={error} /> : null}
      <p className="payment-muted">{t(`payment.next-${order.method}`)}</p>
      <div className="payment-actions">
        <Button type="primary" size="large" loading={busy === 'pay'} disabled={busy === 'cancel'} onClick={payNow}>
          {t(`payment.pay-${order.method}`)}
        </Button>
        <Button size="large" danger loading={busy === 'cancel'} disabled={busy === 'pay'} onClick={() => void cancel()}>
          {t('payment.cancel')}
        </Button>
      </div>
    </>
  );
}
