import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TaxRateListSchema, TaxRateSchema } from '@dsm/contract';
import type { TaxRate } from '@dsm/contract';
import { api } from '../../../lib/api';
import { checkoutKeys } from '../../../lib/query-keys';

/** GET /api/admin/tax-rates */
export const taxRatesQuery = queryOptions({
  queryKey: checkoutKeys.taxRates(),
  queryFn: ({ signal }) => api.data<TaxRate[]>('/admin/tax-rates', { signal, schema: TaxRateListSchema }),
});
export const useTaxRates = () => useQuery(taxRatesQuery);

/** PUT /api/admin/tax-rates/:country (adds or changes) and DELETE; both refresh the list and any priced checkout. */
export function useTaxRateWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: checkoutKeys.all });
  return {
    put: async (country: string, rate: number) => {
      const result = await api.put<TaxRate>(`/admin/tax-rates/${country}`, { rate }, { schema: TaxRateSchema });
      if (result.success) await refresh();
      return result;
    },
    remove: async (country: string) => {
      const result = await api.del<null>(`/admin/tax-rates/${country}`);
      if (result.success) await refresh();
      return result;
    },
  };
}
