import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminShippingMethodListSchema,
  AdminShippingMethodSchema,
  AdminWarehouseListSchema,
  AdminWarehouseSchema,
} from '@dsm/contract';
import type {
  AdminShippingMethod,
  AdminWarehouse,
  CreateShippingMethodBody,
  CreateWarehouseBody,
  ShippingZoneBody,
  UpdateShippingMethodBody,
  UpdateWarehouseBody,
} from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { adminKeys, logisticsKeys } from '../../../lib/query-keys';

const BASE = '/admin/logistics';

export const fetchAdminWarehouses = (signal?: AbortSignal) =>
  api.data<AdminWarehouse[]>(`${BASE}/warehouses`, { signal, schema: AdminWarehouseListSchema });

export const adminWarehousesQuery = queryOptions({
  queryKey: adminKeys.warehouses(),
  queryFn: ({ signal }) => fetchAdminWarehouses(signal),
});

export function useAdminWarehouses() {
  return useQuery(adminWarehousesQuery);
}

export const fetchShippingMethods = (signal?: AbortSignal) =>
  api.data<AdminShippingMethod[]>(`${BASE}/methods`, { signal, schema: AdminShippingMethodListSchema });

export const shippingMethodsQuery = queryOptions({
  queryKey: adminKeys.shippingMethods(),
  queryFn: ({ signal }) => fetchShippingMethods(signal),
});

export function useShippingMethods() {
  return useQuery(shippingMethodsQuery);
}

export const fetchShippingMethod = (methodId: number, signal?: AbortSignal) =>
  api.data<AdminShippingMethod>(`${BASE}/methods/${methodId}`, { signal, schema: AdminShippingMethodSchema });

export const shippingMethodQuery = (methodId: number) =>
  queryOptions({
    queryKey: adminKeys.shippingMethod(methodId),
    queryFn: ({ signal }) => fetchShippingMethod(methodId, signal),
  });

export function useShippingMethod(methodId: number) {
  return useQuery({ ...shippingMethodQuery(methodId), enabled: Number.isInteger(methodId) && methodId > 0 });
}

export const createWarehouse = (body: CreateWarehouseBody) =>
  api.post<AdminWarehouse>(`${BASE}/warehouses`, body, {
    idempotencyKey: crypto.randomUUID(),
    schema: AdminWarehouseSchema,
  });
export const updateWarehouse = (code: string, body: UpdateWarehouseBody) =>
  api.put<AdminWarehouse>(`${BASE}/warehouses/${code}`, body, { schema: AdminWarehouseSchema });
export const createShippingMethod = (body: CreateShippingMethodBody) =>
  api.post<AdminShippingMethod>(`${BASE}/methods`, body, {
    idempotencyKey: crypto.randomUUID(),
    schema: AdminShippingMethodSchema,
  });
export const updateShippingMethod = (methodId: number, body: UpdateShippingMethodBody) =>
  api.put<AdminShippingMethod>(`${BASE}/methods/${methodId}`, body, { schema: AdminShippingMethodSchema });
export const addZone = (methodId: number, body: ShippingZoneBody) =>
  api.post<AdminShippingMethod>(`${BASE}/methods/${methodId}/zones`, body, {
    idempotencyKey: crypto.randomUUID(),
    schema: AdminShippingMethodSchema,
  });
export const updateZone = (zoneId: number, body: ShippingZoneBody) =>
  api.put<AdminShippingMethod>(`${BASE}/zones/${zoneId}`, body, { schema: AdminShippingMethodSchema });
/** Refused (409, with the reason) while products or shipping methods use the warehouse. */
export const deleteWarehouse = (code: string) => api.del<null>(`${BASE}/warehouses/${encodeURIComponent(code)}`);
export const deleteZone = (zoneId: number) =>
  api.del<AdminShippingMethod>(`${BASE}/zones/${zoneId}`, { schema: AdminShippingMethodSchema });

/** Logistics writes; each refreshes the console and the storefront's calculator answers. */
export function useLogisticsActions() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: adminKeys.shippingMethods() });
    void client.invalidateQueries({ queryKey: logisticsKeys.all });
  };
  const afterMethod = (result: ApiResult<AdminShippingMethod>) => {
    if (result.success) {
      client.setQueryData(shippingMethodQuery(result.data.methodId).queryKey, result.data);
      refresh();
    }
    return result;
  };
  const afterWarehouse = (result: ApiResult<AdminWarehouse>) => {
    if (result.success) {
      void client.invalidateQueries({ queryKey: adminKeys.warehouses() });
      refresh();
    }
    return result;
  };
  return {
    saveMethod: (methodId: number | null, body: CreateShippingMethodBody) =>
      (methodId === null ? createShippingMethod(body) : updateShippingMethod(methodId, body)).then(afterMethod),
    saveZone: (methodId: number, zoneId: number | null, body: ShippingZoneBody) =>
      (zoneId === null ? addZone(methodId, body) : updateZone(zoneId, body)).then(afterMethod),
    deleteZone: (zoneId: number) => deleteZone(zoneId).then(afterMethod),
    saveWarehouse: (code: string | null, body: CreateWarehouseBody) =>
      (code === null ? createWarehouse(body) : updateWarehouse(code, body)).then(afterWarehouse),
    deleteWarehouse: (code: string) =>
      deleteWarehouse(code).then((result) => {
        if (result.success) void client.invalidateQueries({ queryKey: adminKeys.warehouses() });
        return result;
      }),
  };
}
