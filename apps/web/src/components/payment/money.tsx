import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';

/**
 * Recharge amounts are USD (the ledger's currency), always shown as USD with two decimals; where
 * a total is shown, the visitor's chosen currency follows as an estimate ("≈ €92.00"), the way
 * the catalogue shows prices, so nobody mistakes it for what is charged.
 */
export function useUsd(): (amount: number) => string {
  const lang = useSession((s) => s.lang);
  return (amount) => formatMoney(amount, null, lang);
}

/** A USD amount, and its estimate in the chosen currency when that is not USD. */
export function UsdAmount({ value, equivalent = false }: { value: number; equivalent?: boolean }) {
  const lang = useSession((s) => s.lang);
  const payRate = useSession((s) => s.pay_rate);
  const showEquivalent = equivalent && payRate && payRate.currencyCode !== 'USD';
  return (
    <span className="usd-amount">
      <span>{formatMoney(value, null, lang)}</span>
      {showEquivalent ? <span className="usd-equivalent"> ≈ {formatMoney(value, payRate, lang)}</span> : null}
    </span>
  );
}
