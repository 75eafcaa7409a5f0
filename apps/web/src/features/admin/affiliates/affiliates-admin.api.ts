import { AdminAffiliateSchema, AffiliateTermsSchema, type AdminAffiliate, type AffiliateTerms } from '@dsm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

const keys = { all: ['admin', 'affiliates'] as const };
const ListSchema = z.array(AdminAffiliateSchema);

export function useAdminTerms() {
  return useQuery({
    queryKey: [...keys.all, 'settings'],
    queryFn: ({ signal }) =>
      api.data<AffiliateTerms>('/admin/affiliates/settings', { signal, schema: AffiliateTermsSchema }),
  });
}

export function useAdminAffiliates() {
  return useQuery({
    queryKey: [...keys.all, 'list'],
    queryFn: ({ signal }) => api.data<AdminAffiliate[]>('/admin/affiliates', { signal, schema: ListSchema }),
  });
}

/** The console's writes; each refreshes the page's figures. */
export function useAffiliateActions() {
  const client = useQueryClient();
  const done = async <T>(p: Promise<T>) => {
    const r = await p;
    await client.invalidateQueries({ queryKey: keys.all });
    return r;
  };
  const key = () => crypto.randomUUID();
  return {
    saveTerms: (body: AffiliateTerms) =>
      done(
        api.put<AffiliateTerms>('/admin/affiliates/settings', body, {
          idempotencyKey: key(),
          schema: AffiliateTermsSchema,
        }),
      ),
    suspend: (id: string, reason: string) =>
      done(api.post(`/admin/affiliates/${id}/suspend`, { reason }, { idempotencyKey: key(), schema: ListSchema })),
    reinstate: (id: string) =>
      done(api.post(`/admin/affiliates/${id}/reinstate`, undefined, { idempotencyKey: key(), schema: ListSchema })),
    adjust: (id: string, amount: number, reason: string) =>
      done(
        api.post(
          `/admin/affiliates/${id}/adjustments`,
          { amount, reason },
          { idempotencyKey: key(), schema: ListSchema },
        ),
      ),
  };
}
