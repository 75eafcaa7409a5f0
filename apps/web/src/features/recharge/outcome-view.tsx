import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentOutcome, RechargeCloseReason, RechargeMethodName } from '@dsm/contract';
import { AlertIcon, ClockIcon, LockIcon, WalletIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { useUsd } from '../../components/payment/money';

export interface OutcomeDetails {
  /** success: what reached the wallet; insufficient-balance: the shortfall to top up. */
  amount?: number;
  /** For a recharge: the words differ for a bank transfer under review. */
  method?: RechargeMethodName;
  closeReason?: RechargeCloseReason | null;
  /** The operator's or the provider's words (a rejected slip, a refused payment). */
  note?: string;
  /** The recharge's number, when the outcome is about one. */
  number?: string;
}

const primary = (to: string, label: string) => (
  <Link className="button button-primary" to={to}>
    {label}
  </Link>
);
const secondary = (to: string, label: string) => (
  <Link className="button button-secondary" to={to}>
    {label}
  </Link>
);

/**
 * SPEC §4 payment outcomes, each saying what happened and what to do next. Shared by recharges
 * today and by order payments later (they arrive as ?outcome=…&amount=…).
 */
export function OutcomeView({ outcome, details = {} }: { outcome: PaymentOutcome; details?: OutcomeDetails }) {
  const { t } = useTranslation('recharge');
  const usd = useUsd();
  const amount = details.amount !== undefined ? usd(details.amount) : '';
  const wallet = secondary('/user/walletBalance', t('links.wallet'));
  const orders = secondary('/user/rechargeorder', t('links.orders'));
  const note = details.note ? <p className="outcome-note">{t('outcome.note', { note: details.note })}</p> : null;
  const view = (icon: ReactNode, tone: 'neutral' | 'warning', title: string, text: string, actions: ReactNode) => (
    <div className={`payment-outcome outcome-${outcome}`}>
      <StatusPage icon={icon} tone={tone} title={title} text={text} actions={actions} />
      {details.number || note ? (
        <div className="outcome-details">
          {details.number ? <p className="outcome-number">{t('outcome.order', { number: details.number })}</p> : null}
          {note}
        </div>
      ) : null}
    </div>
  );

  switch (outcome) {
    case 'success':
      return view(
        <WalletIcon />,
        'neutral',
        t('outcome.success.title'),
        amount ? t('outcome.success.text', { amount }) : t('outcome.success.text-generic'),
        <>
          {primary('/user/walletBalance', t('links.wallet'))}
          {orders}
        </>,
      );
    case 'pending':
      return view(
        <ClockIcon />,
        'neutral',
        t('outcome.pending.title'),
        details.method === 'bank' ? t('outcome.pending.text-bank') : t('outcome.pending.text'),
        <>
          {primary('/user/rechargeorder', t('links.orders'))}
          {wallet}
        </>,
      );
    case 'failed':
      return view(
        <AlertIcon />,
        'warning',
        t('outcome.failed.title'),
        t('outcome.failed.text'),
        <>
          {primary('/contanctus', t('links.contact'))}
          {secondary('/user/recharge', t('links.try-again'))}
        </>,
      );
    case 'error':
      return view(
        <AlertIcon />,
        'warning',
        t('outcome.error.title'),
        details.closeReason ? t(`outcome.error.${details.closeReason}`) : t('outcome.error.text'),
        <>
          {primary('/user/walletBalance', t('links.check-wallet'))}
          {details.method ? secondary('/user/recharge', t('links.try-again')) : orders}
        </>,
      );
    case 'insufficient-balance':
      return view(
        <LockIcon />,
        'warning',
        t('outcome.insufficient.title'),
        amount ? t('outcome.insufficient.text', { amount }) : t('outcome.insufficient.text-generic'),
        <>
          {primary(
            details.amount !== undefined ? `/user/recharge?amount=${details.amount.toFixed(2)}` : '/user/recharge',
            amount ? t('links.recharge-amount', { amount }) : t('links.recharge'),
          )}
          {wallet}
        </>,
      );
  }
}
