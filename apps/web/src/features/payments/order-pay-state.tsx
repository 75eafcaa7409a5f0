import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, Button, Popconfirm, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderPayment } from '@dsm/contract';
import { AlertIcon, ClockIcon, LockIcon, WalletIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { leaveSite } from '../../lib/navigation';
import { paymentsKeys, walletKeys } from '../../lib/query-keys';
import { useUsd } from '../../components/payment/money';
import { cancelOrderPayment, orderPaymentQuery } from './payments.api';
import { capturePaypal } from '../../lib/recharge';
import '../../components/payment/payment.css';

/** Like the recharge's wait (features/recharge/pay-state-page.tsx): every 1.5 s, for about a minute. */
const POLL_MS = 1_500;
const POLL_LIMIT_MS = 60_000;

const button = (to: string, label: string, kind: 'primary' | 'secondary') => (
  <Link className={`button button-${kind}`} to={to}>
    {label}
  </Link>
);

/** /user/paystate?payment=<id> as a page (app/pages/pay-state-page.tsx sends `?payment=` here). */
export default function OrderPayStatePage() {
  const [params] = useSearchParams();
  return <OrderPayState id={params.get('payment') ?? ''} />;
}

/**
 * /user/paystate?payment=<id>: an order payment's outcome (SPEC §4). While pending, the payment
 * is read every 1.5 s for about a minute (then "check again"); each outcome says what happened
 * and what to do next: the orders, the invoices, a top-up and cancelling a held payment.
 */
export function OrderPayState({ id }: { id: string }) {
  const { t } = useTranslation('payments');
  const [startedAt, setStartedAt] = useState(() => Date.now());
  usePaypalReturn();
  const payment = useQuery({
    ...orderPaymentQuery(id),
    refetchInterval: (q) =>
      q.state.data?.outcome === 'pending' && Date.now() - startedAt < POLL_LIMIT_MS ? POLL_MS : false,
  });

  if (payment.isError && !payment.data) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('order-pay.not-found')}
        actions={button('/user/storeorder', t('order-pay.links.orders'), 'secondary')}
      />
    );
  }
  if (!payment.data) {
    return (
      <div role="status" aria-live="polite">
        <StatusPage icon={<Spin />} title={t('order-pay.loading')} />
      </div>
    );
  }
  const polling = payment.data.outcome === 'pending' && Date.now() - startedAt < POLL_LIMIT_MS;
  return (
    <div role="status" aria-live="polite">
      <Outcome
        payment={payment.data}
        polling={polling}
        checkAgain={() => {
          setStartedAt(Date.now());
          void payment.refetch();
        }}
      />
    </div>
  );
}

/**
 * PayPal sends the payer back here with `&recharge=<id>&token=…&PayerID=…` (decision 0085: a
 * PayPal order payment is a recharge that pays the orders once credited). The approved recharge is
 * captured once — the key is the recharge and PayPal's token, so a reload cannot capture twice —
 * and the payment is then polled like any other. A cancel at PayPal (`&cancelled=1`) captures
 * nothing: the payment stays pending with its "Continue to PayPal" link.
 */
function usePaypalReturn() {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const started = useRef(false);
  const recharge = params.get('recharge') ?? '';
  const token = params.get('token') ?? '';
  const cancelled = params.get('cancelled') === '1' || params.get('cancel') === '1';
  const payment = params.get('payment') ?? '';
  useEffect(() => {
    if (started.current || cancelled || !recharge || !token) return;
    started.current = true;
    void capturePaypal(recharge, `paypal-capture:${recharge}:${token}`.slice(0, 200)).then(() =>
      client.invalidateQueries({ queryKey: paymentsKeys.payment(payment) }),
    );
  }, [cancelled, recharge, token, payment, client]);
}

interface OutcomeProps {
  payment: OrderPayment;
  polling: boolean;
  checkAgain: () => void;
}

function Outcome({ payment, polling, checkAgain }: OutcomeProps) {
  const { t } = useTranslation(['payments', 'recharge']);
  const usd = useUsd();
  const numbers = payment.orders.map((o) => o.number).join(', ');
  const unpaid = payment.orders.filter((o) => o.state === 'awaiting-payment').map((o) => encodeURIComponent(o.id));
  const retry =
    unpaid.length > 0
      ? button(`/user/paymentorder?orders=${unpaid.join(',')}`, t('order-pay.links.try-again'), 'secondary')
      : null;
  const orders = (kind: 'primary' | 'secondary') => button('/user/storeorder', t('order-pay.links.orders'), kind);
  const details = (
    <div className="outcome-details">
      <p className="outcome-number">{t('order-pay.number', { number: payment.number, amount: usd(payment.amount) })}</p>
      <p className="outcome-number">{t('order-pay.orders', { count: payment.orders.length, numbers })}</p>
      {payment.reason ? <p className="outcome-note">{t('recharge:outcome.note', { note: payment.reason })}</p> : null}
    </div>
  );
  const view = (icon: ReactNode, tone: 'neutral' | 'warning', title: string, text: string, actions: ReactNode) => (
    <div className={`payment-outcome outcome-${payment.outcome}`}>
      <StatusPage icon={icon} tone={tone} title={title} text={text} actions={actions} />
      {details}
    </div>
  );

  switch (payment.outcome) {
    case 'success':
      return view(
        <WalletIcon />,
        'neutral',
        t('order-pay.success.title'),
        t('order-pay.success.text', { amount: usd(payment.amount) }),
        <>
          {orders('primary')}
          {button('/user/downloadinvoice', t('order-pay.links.invoices'), 'secondary')}
        </>,
      );
    case 'insufficient-balance':
      return view(
        <LockIcon />,
        'warning',
        t('order-pay.insufficient.title'),
        t('order-pay.insufficient.text', { locked: usd(payment.locked), shortfall: usd(payment.shortfall) }),
        <>
          {button(
            `/user/recharge?amount=${payment.shortfall.toFixed(2)}`,
            t('order-pay.links.recharge', { amount: usd(payment.shortfall) }),
            'primary',
          )}
          <CancelPayment payment={payment} />
        </>,
      );
    case 'pending':
      return view(
        polling ? <Spin /> : <ClockIcon />,
        'neutral',
        t('order-pay.pending.title'),
        payment.approveUrl ? t('order-pay.pending.text-paypal') : t('order-pay.pending.text'),
        <>
          {payment.approveUrl ? (
            <Button type="primary" onClick={() => leaveSite.to(payment.approveUrl!)}>
              {t('order-pay.links.paypal')}
            </Button>
          ) : null}
          {polling ? null : <Button onClick={checkAgain}>{t('order-pay.links.check-again')}</Button>}
          {orders('secondary')}
        </>,
      );
    case 'failed':
      return view(
        <AlertIcon />,
        'warning',
        t('order-pay.failed.title'),
        t('order-pay.failed.text'),
        <>
          {retry}
          {orders(retry ? 'secondary' : 'primary')}
        </>,
      );
    case 'error':
      return view(
        <AlertIcon />,
        'warning',
        t('order-pay.error.title'),
        t('order-pay.error.text'),
        <>
          {button('/user/walletBalance', t('recharge:links.check-wallet'), 'primary')}
          {retry}
        </>,
      );
  }
}

/** A held payment can be cancelled: the locked amount goes back to the wallet, the orders stay unpaid. */
function CancelPayment({ payment }: { payment: OrderPayment }) {
  const { t } = useTranslation('payments');
  const client = useQueryClient();
  const key = useRef(crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setBusy(true);
    setError(null);
    const result = await cancelOrderPayment(payment.id, key.current);
    setBusy(false);
    if (!result.success) {
      setError(result.msg);
      return;
    }
    client.setQueryData(paymentsKeys.payment(payment.id), result.data);
    void client.invalidateQueries({ queryKey: walletKeys.all });
  }

  return (
    <>
      <Popconfirm
        title={t('order-pay.cancel.title', { number: payment.number })}
        description={t('order-pay.cancel.text')}
        okText={t('order-pay.cancel.ok')}
        cancelText={t('order-pay.cancel.keep')}
        okButtonProps={{ danger: true }}
        onConfirm={() => void cancel()}
      >
        <Button danger loading={busy}>
          {t('order-pay.cancel.button')}
        </Button>
      </Popconfirm>
      {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
    </>
  );
}
