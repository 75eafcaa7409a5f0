import {
  AffiliateDashboardSchema,
  AffiliateMeSchema,
  AffiliateTermsSchema,
  type AffiliateDashboard,
  type AffiliateMe,
  type AffiliateTerms,
} from '@dsm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api';

export const affiliateKeys = {
  all: ['affiliates'] as const,
  me: () => [...affiliateKeys.all, 'me'] as const,
  dashboard: () => [...affiliateKeys.all, 'dashboard'] as const,
  terms: () => [...affiliateKeys.all, 'terms'] as const,
};

/** GET /api/p/affiliate: joined or not, the code and link, the terms. */
export function useAffiliateMe() {
  return useQuery({
    queryKey: affiliateKeys.me(),
    queryFn: ({ signal }) => api.data<AffiliateMe>('/p/affiliate', { signal, schema: AffiliateMeSchema }),
  });
}

/** GET /api/p/affiliate/dashboard (only once joined). */
export function useAffiliateDashboard(enabled: boolean) {
  return useQuery({
    queryKey: affiliateKeys.dashboard(),
    queryFn: ({ signal }) =>
      api.data<AffiliateDashboard>('/p/affiliate/dashboard', { signal, schema: AffiliateDashboardSchema }),
    enabled,
  });
}

/** GET /api/affiliate/terms: the operator's current terms (public). */
export function useAffiliateTerms() {
  return useQuery({
    queryKey: affiliateKeys.terms(),
    queryFn: ({ signal }) => api.data<AffiliateTerms>('/affiliate/terms', { signal, schema: AffiliateTermsSchema }),
  });
}

export function useJoin() {
  const client = useQueryClient();
  return async () => {
    const result = await api.post<AffiliateMe>('/p/affiliate/join', undefined, {
      idempotencyKey: `affiliate-join-${crypto.randomUUID()}`,
      schema: AffiliateMeSchema,
    });
    await client.invalidateQueries({ queryKey: affiliateKeys.all });
    return result;
  };
}

export const exportUrl = (format: 'xlsx' | 'csv') => buildUrl('/p/affiliate/export', { format });

/** 500 basis points → "5%" in the user's language: SPEC §9 shows percentages as text. */
export function percentText(basisPoints: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}
