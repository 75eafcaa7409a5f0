import { WalletBalanceSeriesSchema, WalletLinePageSchema, WalletRecordSchema } from '@dsm/contract';
import type { Page, WalletBalanceSeries, WalletLine, WalletRecord } from '@dsm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api';
import { walletKeys } from '../../lib/query-keys';

export type LineType = 'all' | 'income' | 'consume';
export interface LinesFilter {
  type: LineType;
  from?: string;
  to?: string;
  current: number;
  size: number;
}

/** GET /api/p/wallet: balances and totals, decimal USD. */
export function useWalletRecord() {
  return useQuery({
    queryKey: walletKeys.record(),
    queryFn: ({ signal }) => api.data<WalletRecord>('/p/wallet', { signal, schema: WalletRecordSchema }),
  });
}

/** GET /api/p/wallet/lines: newest first, one line per entry that changed the wallet. */
export function useWalletLines(filter: LinesFilter) {
  return useQuery({
    queryKey: walletKeys.lines(filter),
    queryFn: ({ signal }) =>
      api.data<Page<WalletLine>>('/p/wallet/lines', { signal, query: { ...filter }, schema: WalletLinePageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/wallet/balance-series: the end-of-day balance of every day of the range. */
export function useBalanceSeries(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: walletKeys.series(range),
    queryFn: ({ signal }) =>
      api.data<WalletBalanceSeries>('/p/wallet/balance-series', {
        signal,
        query: { ...range },
        schema: WalletBalanceSeriesSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The statement download (CSV); the session cookie authenticates the link, `lang` names the kinds. */
export function statementUrl(filter: Pick<LinesFilter, 'type' | 'from' | 'to'>, lang: string): string {
  return buildUrl('/p/wallet/statement.csv', { type: filter.type, from: filter.from, to: filter.to, lang });
}
