import {
  InventoryConfirmResultSchema,
  InventoryLogPageSchema,
  InventoryOrderPageSchema,
  InventoryOrderSchema,
  InventoryPageSchema,
  InventoryRowSchema,
  OrderPaymentSchema,
} from '@dsm/contract';
import type {
  InventoryConfirmBody,
  InventoryConfirmResult,
  InventoryOrder,
  InventoryOrderState,
  InventoryRow,
  Locale,
  OrderPayment,
  Page,
  WarehouseOption,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api';

export const inventoryKeys = {
  all: ['inventory'] as const,
  items: (f: object) => ['inventory', 'items', f] as const,
  log: (id: string, current: number) => ['inventory', 'log', id, current] as const,
  orders: (f: object) => ['inventory', 'orders', f] as const,
};

export interface ItemFilter {
  keyword?: string;
  warehouse?: string;
  lowStock?: boolean;
  current: number;
  size: number;
}

const query = (f: Omit<ItemFilter, 'current' | 'size'>) => ({
  keyword: f.keyword || undefined,
  warehouse: f.warehouse || undefined,
  lowStock: f.lowStock ? 'true' : undefined,
});

/** GET /api/logistics/warehouse: the warehouses to filter by, named in the reader's language. */
export function useWarehouseOptions() {
  return useQuery({
    queryKey: ['inventory', 'warehouses'],
    queryFn: ({ signal }) => api.data<WarehouseOption[]>('/logistics/warehouse', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/p/privateInventory/page: the owner's stock per SKU and warehouse. */
export function useInventory(filter: ItemFilter) {
  return useQuery({
    queryKey: inventoryKeys.items(filter),
    queryFn: ({ signal }) =>
      api.data<Page<InventoryRow>>('/p/privateInventory/page', {
        signal,
        query: { ...query(filter), current: filter.current, size: filter.size },
        schema: InventoryPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/privateInventory/inventory/logs: one item's lines, newest first. */
export function useItemLog(id: string, current: number) {
  return useQuery({
    queryKey: inventoryKeys.log(id, current),
    queryFn: ({ signal }) =>
      api.data('/p/privateInventory/inventory/logs', {
        signal,
        query: { id, current, size: 20 },
        schema: InventoryLogPageSchema,
      }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/private-inventory-order/page. */
export function useInventoryOrders(filter: { state?: InventoryOrderState; current: number; size: number }) {
  return useQuery({
    queryKey: inventoryKeys.orders(filter),
    queryFn: ({ signal }) =>
      api.data<Page<InventoryOrder>>('/p/private-inventory-order/page', {
        signal,
        query: { ...filter },
        schema: InventoryOrderPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The .xlsx of the inventory under these filters, headings in `lang` (a link: the session cookie goes with it). */
export function downloadUrl(filter: Omit<ItemFilter, 'current' | 'size'>, lang: Locale): string {
  return buildUrl('/p/privateInventory/download', { ...query(filter), lang });
}

export const inventoryActions = {
  confirm: (body: InventoryConfirmBody) =>
    api.post<InventoryConfirmResult>('/p/private-inventory-order/basket/confirm', body, {
      schema: InventoryConfirmResultSchema,
    }),
  /** One key per click: a retried submit places one order (decision 0062). */
  submit: (confirmToken: string) =>
    api.post<InventoryOrder>(
      '/p/private-inventory-order/submit',
      { confirmToken },
      { idempotencyKey: crypto.randomUUID(), schema: InventoryOrderSchema },
    ),
  /** The deposit of a two-part order from the wallet (decision 0130); one key per click. */
  payDeposit: (id: string) =>
    api.post<InventoryOrder>(`/p/private-inventory-order/deposit/${encodeURIComponent(id)}`, undefined, {
      idempotencyKey: crypto.randomUUID(),
      schema: InventoryOrderSchema,
    }),
  /** The deposit by PayPal (decision 0140): a pending payment with PayPal's approve link; one key per click. */
  payDepositPayPal: (id: string) =>
    api.post<OrderPayment>(`/p/private-inventory-order/deposit/${encodeURIComponent(id)}/paypal`, undefined, {
      idempotencyKey: crypto.randomUUID(),
      schema: OrderPaymentSchema,
    }),
  /** The per-SKU switch "ship store orders from my inventory" (decision 0129). */
  shipFirst: (id: string, shipFirst: boolean) =>
    api.put<InventoryRow>(
      `/p/privateInventory/ship-first/${encodeURIComponent(id)}`,
      { shipFirst },
      { schema: InventoryRowSchema },
    ),
  cancel: (id: string) =>
    api.put<InventoryOrder>(`/p/private-inventory-order/cancel/${encodeURIComponent(id)}`, undefined, {
      idempotencyKey: crypto.randomUUID(),
      schema: InventoryOrderSchema,
    }),
};

export function useRefreshInventory() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: inventoryKeys.all });
}
