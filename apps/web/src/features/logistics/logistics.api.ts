import { ShippingQuoteSchema, WarehouseOptionListSchema } from '@dsm/contract';
import type { ShipmentType, ShippingAttribute, ShippingQuote, WarehouseOption } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { logisticsKeys } from '../../lib/query-keys';

/** GET /api/logistics/warehouse: where goods ship from (the calculator's "from"). */
export function fetchWarehouses(signal?: AbortSignal) {
  return api.data<WarehouseOption[]>('/logistics/warehouse', {
    signal,
    loadingflags: true,
    schema: WarehouseOptionListSchema,
  });
}
export const warehousesQuery = queryOptions({
  queryKey: logisticsKeys.warehouses(),
  queryFn: ({ signal }) => fetchWarehouses(signal),
  staleTime: 10 * 60_000,
});
export const useWarehouses = () => useQuery(warehousesQuery);

/** GET /api/logistics/attributes: what the goods are (general, battery…), named in the visitor's language. */
export function fetchAttributes(signal?: AbortSignal) {
  return api.data<Array<{ code: ShippingAttribute; name: string }>>('/logistics/attributes', {
    signal,
    loadingflags: true,
  });
}
export const attributesQuery = queryOptions({
  queryKey: logisticsKeys.attributes(),
  queryFn: ({ signal }) => fetchAttributes(signal),
  staleTime: 10 * 60_000,
});
export const useAttributes = () => useQuery(attributesQuery);

/** The calculator's request body (contract CalculateShippingBody). */
export interface CalculateBody {
  type: ShipmentType;
  from: string;
  to: string;
  weight: number;
  length?: number;
  width?: number;
  height?: number;
  attribute: ShippingAttribute;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The calculator's outcome: a quote (maybe without options, then with the reasons), or field errors. */
export type CalculateOutcome =
  | { kind: 'quote'; quote: ShippingQuote }
  | { kind: 'none'; quote: ShippingQuote | null }
  | { kind: 'invalid'; errors: FieldErrors };

/**
 * POST /api/logistics/calculate (a read, so a query keyed by its body). Handled in place, not as
 * toasts: the reason `no-shipping-method` ("Shipping information not found") with the excluded methods in `data`, and
 * A00002 with its per-field messages. Anything else is thrown for the page's error state.
 */
export async function calculateShipping(body: CalculateBody, signal?: AbortSignal): Promise<CalculateOutcome> {
  const result = await api.post<ShippingQuote>('/logistics/calculate', body, {
    signal,
    noshow: true,
    schema: ShippingQuoteSchema,
  });
  if (result.success) {
    const options = [...result.data.options].sort((a, b) => a.price - b.price);
    return options.length
      ? { kind: 'quote', quote: { ...result.data, options } }
      : { kind: 'none', quote: result.data };
  }
  if (result.reason === 'no-shipping-method')
    return { kind: 'none', quote: (result.data as ShippingQuote | null) ?? null };
  if (result.errorCode === 'A00002' && Array.isArray(result.data)) {
    const errors: FieldErrors = {};
    for (const item of result.data as Array<{ field?: string; message?: string }>) {
      if (item.field && item.message && !errors[item.field]) errors[item.field] = item.message;
    }
    return { kind: 'invalid', errors };
  }
  throw new ApiError(result);
}

export const calculateQuery = (body: CalculateBody) =>
  queryOptions({
    queryKey: logisticsKeys.calculate(body),
    queryFn: ({ signal }) => calculateShipping(body, signal),
    staleTime: 60_000,
  });
