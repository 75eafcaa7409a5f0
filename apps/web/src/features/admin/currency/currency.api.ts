import { useQueryClient } from '@tanstack/react-query';
import { CurrencySchema } from '@dsm/contract';
import type { Currency, UpdateCurrencyBody } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { currencyRatesQuery, useCurrencyRates } from '../../../lib/currency';

/** GET /api/currency/rates: the same list the storefront's selector uses. */
export { currencyRatesQuery as adminRatesQuery, useCurrencyRates as useAdminRates };

/** PUT /api/admin/currency/{code}: units of the currency per 1 USD (USD itself stays at 1). */
export const updateCurrency = (code: string, body: UpdateCurrencyBody) =>
  api.put<Currency>(`/admin/currency/${code}`, body, { schema: CurrencySchema });

export function useUpdateCurrency() {
  const client = useQueryClient();
  return (code: string, body: UpdateCurrencyBody): Promise<ApiResult<Currency>> =>
    updateCurrency(code, body).then((result) => {
      // Every page that converts prices (and the chosen pay_rate) picks up the new rate.
      if (result.success) void client.invalidateQueries({ queryKey: currencyRatesQuery.queryKey });
      return result;
    });
}
