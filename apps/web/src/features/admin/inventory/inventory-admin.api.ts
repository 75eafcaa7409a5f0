import { AdminInventoryOrderPageSchema, AdminInventoryPageSchema, InventorySettingsSchema } from '@dsm/contract';
import type { InventoryOrderState } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const keys = {
  all: ['admin-inventory'] as const,
  orders: (f: object) => ['admin-inventory', 'orders', f] as const,
  stock: (f: object) => ['admin-inventory', 'stock', f] as const,
  settings: ['admin-inventory', 'settings'] as const,
};

/** GET /api/admin/inventory/orders: "to be purchased" first by default (the purchase queue). */
export function useAdminInventoryOrders(filter: { state?: InventoryOrderState; current: number; size: number }) {
  return useQuery({
    queryKey: keys.orders(filter),
    queryFn: ({ signal }) =>
      api.data('/admin/inventory/orders', { signal, query: { ...filter }, schema: AdminInventoryOrderPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/inventory/stock: every owner's stock per warehouse. */
export function useAdminStock(filter: { userEmail?: string; warehouse?: string; current: number; size: number }) {
  return useQuery({
    queryKey: keys.stock(filter),
    queryFn: ({ signal }) =>
      api.data('/admin/inventory/stock', {
        signal,
        query: { ...filter, userEmail: filter.userEmail || undefined },
        schema: AdminInventoryPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInventorySettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => api.data('/admin/inventory/settings', { signal, schema: InventorySettingsSchema }),
  });
}

const once = () => ({ idempotencyKey: crypto.randomUUID(), noshow: true });

export const adminInventoryActions = {
  purchase: (id: string) => api.post(`/admin/inventory/orders/${encodeURIComponent(id)}/purchase`, undefined, once()),
  receive: (id: string, lines: Array<{ skuId: number; quantity: number }>) =>
    api.post(`/admin/inventory/orders/${encodeURIComponent(id)}/receive`, { lines }, once()),
  adjust: (itemId: string, delta: number, reason: string) =>
    api.post(`/admin/inventory/stock/${encodeURIComponent(itemId)}/adjustments`, { delta, reason }, once()),
  // A PUT sets the value: repeating it changes nothing more.
  save: (body: { handlingFeePerUnit: number; depositFrom: number; depositPercent: number }) =>
    api.put('/admin/inventory/settings', body, { noshow: true, schema: InventorySettingsSchema }),
};

export function useRefreshAdminInventory() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
