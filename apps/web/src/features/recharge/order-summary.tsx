import { Descriptions } from 'antd';
import type { RechargeOrder } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { RechargeStateTag } from '../../components/ui/recharge-state-tag';
import { useSession } from '../../lib/session';
import { UsdAmount } from '../../components/payment/money';

/** The order as the payment pages show it: number, method, amount, fee, total, expiry, state. */
export function OrderSummary({ order }: { order: RechargeOrder }) {
  const { t } = useTranslation('recharge');
  const lang = useSession((s) => s.lang);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const items = [
    { key: 'number', label: t('summary.number'), children: <strong>{order.number}</strong> },
    { key: 'method', label: t('summary.method'), children: t(`method.${order.method}`) },
    { key: 'amount', label: t('summary.amount'), children: <UsdAmount value={order.amount} /> },
    { key: 'fee', label: t('summary.fee'), children: <UsdAmount value={order.fee} /> },
    {
      key: 'total',
      label: t('summary.total'),
      children: (
        <strong>
          <UsdAmount value={order.total} equivalent />
        </strong>
      ),
    },
    { key: 'state', label: t('summary.state'), children: <RechargeStateTag state={order.state} /> },
    ...(order.expiresAt && order.state === 'awaiting-payment'
      ? [{ key: 'expires', label: t('summary.expires'), children: date.format(new Date(order.expiresAt)) }]
      : []),
  ];
  return (
    <Descriptions
      className="payment-summary"
      title={t('summary.title')}
      column={1}
      bordered
      size="small"
      items={items}
    />
  );
}
