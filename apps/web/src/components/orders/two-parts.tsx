import type { OrderTwoParts } from '@dsm/contract';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './orders.css';

interface Props {
  parts: OrderTwoParts;
  money: (usd: number) => string;
  viewer: 'user' | 'operator';
  /** The buyer's cancel before purchase (the deposit comes back); shown only while it is allowed. */
  onCancel?: () => void;
  cancelling?: boolean;
}

/**
 * A catalogue bulk order paid in two parts (decision 0145), on the buyer's order page and the
 * operator's: each part with what is paid and what is due, and, for the operator before purchase,
 * that purchasing charges the balance from the buyer's wallet (or holds it until a top-up).
 */
export function TwoPartsPanel({ parts, money, viewer, onCancel, cancelling }: Props) {
  const { t } = useTranslation('payments');
  if (!parts.state) return null;
  const balanceText: Record<NonNullable<OrderTwoParts['state']>, string> = {
    'deposit-paid': t('two-parts.balance-due-at-purchase'),
    'balance-held': t('two-parts.balance-held'),
    'balance-paid': t('two-parts.paid'),
    settled: t('two-parts.paid'),
    returned: t('two-parts.not-charged'),
  };
  return (
    <section className="order-two-parts" aria-label={t('two-parts.title')} data-testid="two-parts">
      <h3>{t('two-parts.title')}</h3>
      <dl>
        <div>
          <dt>{t('two-parts.deposit', { percent: parts.percent })}</dt>
          <dd>
            {money(parts.deposit)} · {parts.state === 'returned' ? t('two-parts.returned') : t('two-parts.paid')}
          </dd>
        </div>
        <div>
          <dt>{t('two-parts.balance')}</dt>
          <dd>
            {money(parts.balance)} · {balanceText[parts.state]}
          </dd>
        </div>
        <div>
          <dt>{t('two-parts.still-due')}</dt>
          <dd data-testid="two-parts-due">{money(parts.due)}</dd>
        </div>
      </dl>
      {viewer === 'operator' && parts.state === 'deposit-paid' ? (
        <Alert type="info" showIcon title={t('two-parts.operator-purchase', { balance: money(parts.balance) })} />
      ) : null}
      {parts.state === 'balance-held' ? (
        <Alert
          type="warning"
          showIcon
          title={
            viewer === 'user'
              ? t('two-parts.held-user', { balance: money(parts.balance) })
              : t('two-parts.held-operator')
          }
        />
      ) : null}
      {viewer === 'user' && parts.state === 'deposit-paid' && onCancel ? (
        <Button danger loading={cancelling} onClick={onCancel}>
          {t('two-parts.cancel')}
        </Button>
      ) : null}
    </section>
  );
}
