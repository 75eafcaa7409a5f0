import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_OUTCOMES, type PaymentOutcome, rechargeOutcome } from '@dsm/contract';
import { OrderSummary } from './order-summary';
import { OutcomeView } from './outcome-view';
import { useRechargeFromUrl } from './use-order';
import '../../components/payment/payment.css';

const isOutcome = (v: string | null): v is PaymentOutcome => (PAYMENT_OUTCOMES as readonly string[]).includes(v ?? '');

/**
 * /user/payconfirmation?recharge=<id> (the outcome from the order's state, contract
 * `rechargeOutcome`) or ?outcome=<outcome>&amount=<n> (order payments of a later issue).
 */
export default function PayConfirmationPage() {
  const { t } = useTranslation('recharge');
  const { id, params, order } = useRechargeFromUrl();
  const outcome = params.get('outcome');
  const amount = Number(params.get('amount'));

  if (!id) {
    if (!isOutcome(outcome))
      return (
        <Alert
          type="error"
          showIcon
          title={t('not-found')}
          action={<Link to="/user/rechargeorder">{t('links.orders')}</Link>}
        />
      );
    return (
      <div className="payment-page payment-confirmation">
        <OutcomeView outcome={outcome} details={params.get('amount') && Number.isFinite(amount) ? { amount } : {}} />
      </div>
    );
  }
  if (order.isPending) return <Skeleton active />;
  if (!order.data)
    return (
      <Alert
        type="error"
        showIcon
        title={t('not-found')}
        action={<Link to="/user/rechargeorder">{t('links.orders')}</Link>}
      />
    );
  const o = order.data;
  return (
    <div className="payment-page payment-confirmation">
      <OutcomeView
        outcome={rechargeOutcome(o)}
        details={{ amount: o.amount, method: o.method, closeReason: o.closeReason, note: o.note, number: o.number }}
      />
      <OrderSummary order={o} />
    </div>
  );
}
