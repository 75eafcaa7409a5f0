import { CountryListSchema } from '@dsm/contract';
import type { Country } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { countryKeys } from './query-keys';

/**
 * GET /api/countries: every ISO country with its name in the interface language, sorted by that
 * name. Shared by the product page's shipping estimate and the shipping calculator. The list is
 * fetched again on a language switch (the providers invalidate every query then).
 */
export const countriesQuery = queryOptions({
  queryKey: countryKeys.all,
  queryFn: ({ signal }) => api.data<Country[]>('/countries', { signal, loadingflags: true, schema: CountryListSchema }),
  staleTime: Infinity,
});

export function useCountries() {
  return useQuery(countriesQuery);
}

/** Country code → its name in the interface language (the code while the list loads). */
export function useCountryName(): (code: string) => string {
  const countries = useCountries();
  const names = new Map((countries.data ?? []).map((c) => [c.code, c.name]));
  return (code) => names.get(code) ?? code;
}
