import { type FeeRule, feeMinor, fromMinor, toMinor } from '@dsm/contract';
import type { TFunction } from 'i18next';

export interface FeePreview {
  amount: number;
  fee: number;
  total: number;
}

/** What the server will charge for `amount` by `rule`: the contract's own integer arithmetic. */
export function previewFee(rule: FeeRule, amount: number): FeePreview {
  const amountMinor = toMinor(amount);
  const fee = feeMinor(rule, amountMinor);
  return { amount, fee: fromMinor(fee), total: fromMinor(amountMinor + fee) };
}

/** A fee rule in words: "4.4% of the amount + $0.30", "2.9% of (amount + $0.50) + $0.50", "No fee". */
export function feeRuleWords(
  rule: FeeRule,
  t: TFunction<'recharge'>,
  usd: (n: number) => string,
  lang: string,
): string {
  // 4.4 in the language's digits (4,4 in fr-FR and tr-TR), like the amounts next to it.
  const pct = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(rule.percent);
  const percent =
    rule.percent > 0
      ? rule.base > 0
        ? t('fee.percent-base', { percent: pct, base: usd(rule.base) })
        : t('fee.percent', { percent: pct })
      : '';
  if (!percent && rule.fixed <= 0) return t('fee.none');
  if (!percent) return t('fee.fixed-only', { fixed: usd(rule.fixed) });
  return rule.fixed > 0 ? t('fee.plus-fixed', { rule: percent, fixed: usd(rule.fixed) }) : percent;
}
