import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CURRENCY_BY_LOCALE, type Currency, type Locale } from '@dsm/contract';
import { api } from './api';
import { session, useSession } from './session';
import { currencyKeys } from './query-keys';

export const currencyRatesQuery = {
  queryKey: currencyKeys.rates(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.data<Currency[]>('/currency/rates', { signal, loadingflags: true, noshow: true }),
  staleTime: 10 * 60_000,
};

export function useCurrencyRates() {
  return useQuery(currencyRatesQuery);
}

/** The default currency record for a language (SPEC §7: zh-CN USD, en-US USD, tr-TR TRY, fr-FR EUR). */
export function currencyForLocale(lang: Locale, rates: readonly Currency[]): Currency | undefined {
  const code = CURRENCY_BY_LOCALE[lang];
  return rates.find((r) => r.currencyCode === code) ?? rates.find((r) => r.currencyCode === 'USD');
}

/**
 * Keeps `pay_rate` right: on first start (nothing stored) and whenever the language changes it
 * becomes the language's currency; a choice made in the currency selector stays until the next
 * language change. A stored record is refreshed with today's rate once the rates arrive.
 */
export function useCurrencyDefaults(): void {
  const { data: rates } = useCurrencyRates();
  const lang = useSession((s) => s.lang);
  const payRate = useSession((s) => s.pay_rate);
  const appliedLang = useRef<Locale | null>(null);

  useEffect(() => {
    if (!rates?.length) return;
    const languageChanged = appliedLang.current !== null && appliedLang.current !== lang;
    appliedLang.current = lang;
    if (!payRate || languageChanged) {
      const next = currencyForLocale(lang, rates);
      if (next) session.set({ pay_rate: next });
      return;
    }
    const fresh = rates.find((r) => r.currencyCode === payRate.currencyCode);
    if (!fresh) session.set({ pay_rate: currencyForLocale(lang, rates) ?? null });
    else if (fresh.rate !== payRate.rate || fresh.symbol !== payRate.symbol) session.set({ pay_rate: fresh });
  }, [rates, lang, payRate]);
}
