import { Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromMinor, toMinor, type OrderPaymentMethod } from '@dsm/contract';
import { useSession } from '../../lib/session';
import { feeRuleWords, previewFee } from '../../lib/fees';
import { useUsd } from '../../components/payment/money';
import { methodsQuery } from '../../lib/recharge';
import { useWalletRecord } from './payments.api';

/**
 * What paying `total` costs by each method: the wallet's spendable balance (balance + bonus) and
 * what it lacks, and PayPal's fee when the operator has PayPal on. Both pay pages (orders, store
 * orders) choose with it.
 */
export function usePayMethods(total: number) {
  const wallet = useWalletRecord();
  const methods = useQuery(methodsQuery());
  const spendable = wallet.data ? fromMinor(toMinor(wallet.data.balance) + toMinor(wallet.data.bonus)) : null;
  const short = spendable !== null && spendable < total ? fromMinor(toMinor(total) - toMinor(spendable)) : 0;
  const paypalRule = methods.data?.methods.find((m) => m.method === 'paypal' && m.enabled)?.rule;
  const paypal = paypalRule ? previewFee(paypalRule, total) : null;
  return { spendable, short, paypalRule, paypal };
}

/** The pay pages' method section: wallet (balance, what it lacks) or PayPal (its fee and total). */
export function PayMethodSection({
  headingId,
  method,
  onChange,
  methods: { spendable, short, paypalRule, paypal },
}: {
  headingId: string;
  method: OrderPaymentMethod;
  onChange: (method: OrderPaymentMethod) => void;
  methods: ReturnType<typeof usePayMethods>;
}) {
  const { t } = useTranslation('payments');
  // A fee rule in words is the recharge namespace's (lib/fees.ts), as on the recharge page.
  const { t: feeText } = useTranslation('recharge');
  const usd = useUsd();
  const lang = useSession((s) => s.lang);
  return (
    <section className="pay-order-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('pay-order.method')}</h2>
      <Radio.Group
        className="pay-order-choices"
        value={method}
        onChange={(e) => onChange(e.target.value as OrderPaymentMethod)}
      >
        <Radio value="wallet" className="pay-order-choice">
          <span className="pay-order-choice-name">{t('pay-order.wallet')}</span>
          <span className="pay-order-choice-detail" data-testid="wallet-balance">
            {spendable === null ? t('pay-order.balance-loading') : t('pay-order.balance', { amount: usd(spendable) })}
          </span>
          {short > 0 ? (
            <span className="pay-order-choice-detail pay-short">{t('pay-order.short', { amount: usd(short) })}</span>
          ) : null}
        </Radio>
        {paypal && paypalRule ? (
          <Radio value="paypal" className="pay-order-choice">
            <span className="pay-order-choice-name">PayPal</span>
            <span className="pay-order-choice-detail" data-testid="paypal-fee">
              {t('pay-order.paypal-fee', {
                fee: usd(paypal.fee),
                rule: feeRuleWords(paypalRule, feeText, usd, lang),
                total: usd(paypal.total),
              })}
            </span>
          </Radio>
        ) : null}
      </Radio.Group>
      <p className="pay-order-muted">
        <Link to="/user/recharge">{t('pay-order.recharge')}</Link>
      </p>
    </section>
  );
}
