import { convertMinor, toMinor, type Currency, type Locale } from '@dsm/contract';
import { session, useSession } from './session';

type Rate = Pick<Currency, 'currencyCode' | 'rate'> & { symbol?: string };
const USD: Rate = { currencyCode: 'USD', rate: 1 };

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // "₺1,333.46", not "TRY 1,333.46" (en-US) or "US$7.00" (zh-CN): the mark the selector shows.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Makes the visitor's formatter now. A page's first Intl formatter (numbers or dates) loads ICU's
 * data: 15–40 ms on the bench machine, four times that on Lighthouse's phone, and it used to land
 * inside the first render of the prices, the longest task of the goods list and the product page.
 * The entry calls this in a task of its own while the page's chunks load (decision 0112).
 */
export function warmUpMoney(): void {
  const { lang, pay_rate } = session.get();
  formatterFor(lang, pay_rate?.currencyCode ?? USD.currencyCode).format(0);
}

/** The amount in the chosen currency, rounded once (half-up) to the cent: USD amount × rate. */
export function convertFromUsd(usdAmount: number, payRate: Rate | null | undefined): number {
  const rate = payRate ?? USD;
  return convertMinor(toMinor(usdAmount), rate.rate) / 100;
}

/**
 * Formats a USD amount in the chosen currency with exactly two decimals (SPEC §9). The currency
 * mark is the currency table's symbol when the record has one (the selector shows that one), else
 * the language's narrow symbol; the language still decides where it goes and how digits group.
 */
export function formatMoney(usdAmount: number, payRate: Rate | null | undefined, locale: Locale): string {
  const rate = payRate ?? USD;
  const parts = formatterFor(locale, rate.currencyCode).formatToParts(convertFromUsd(usdAmount, rate));
  const symbol = rate.symbol?.trim();
  return parts.map((p) => (p.type === 'currency' && symbol ? symbol : p.value)).join('');
}

/** A formatter bound to the visitor's currency and language. */
export function useMoney(): (usdAmount: number) => string {
  const payRate = useSession((s) => s.pay_rate);
  const lang = useSession((s) => s.lang);
  return (usdAmount) => formatMoney(usdAmount, payRate, lang);
}
