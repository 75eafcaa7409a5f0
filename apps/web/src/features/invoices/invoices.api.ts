import { InvoiceSchema, InvoiceSummaryPageSchema } from '@dsm/contract';
import type { Invoice, InvoiceSummary, Page } from '@dsm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api';
import { invoicesKeys } from '../../lib/query-keys';
import { session } from '../../lib/session';

/** GET /api/p/invoices: the user's invoices, newest first. */
export function useInvoices(paging: { current: number; size: number }) {
  return useQuery({
    queryKey: invoicesKeys.list(paging),
    queryFn: ({ signal }) =>
      api.data<Page<InvoiceSummary>>('/p/invoices', { signal, query: { ...paging }, schema: InvoiceSummaryPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/invoices/:id (another user's id answers "not found"). */
export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: invoicesKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<Invoice>(`/p/invoices/${encodeURIComponent(id!)}`, { signal, noshow: true, schema: InvoiceSchema }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The id of an order's invoice (GET /api/p/invoices?reference=<orderId>); null when it has none. */
export function useInvoiceOfOrder(orderId: string | null) {
  return useQuery({
    queryKey: invoicesKeys.ofOrder(orderId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.data<Page<InvoiceSummary>>('/p/invoices', {
          signal,
          noshow: true,
          query: { reference: orderId!, current: 1, size: 1 },
          schema: InvoiceSummaryPageSchema,
        })
      ).records[0]?.id ?? null,
    enabled: Boolean(orderId),
    retry: false,
  });
}

/**
 * The stored PDF in the language the user reads (the browser opening the link sends its own
 * Accept-Language, so the link names it); the session cookie authenticates the link.
 */
export function invoicePdfUrl(id: string, lang: string = session.get().lang): string {
  return buildUrl(`/p/invoices/${encodeURIComponent(id)}/pdf`, { lang });
}

/**
 * POST /api/p/invoices/download: several invoices as one PDF, saved by the browser. The answer
 * is a file, not the JSON envelope, so this one call uses fetch itself; an error still comes as
 * an envelope and its message is returned.
 */
export async function downloadInvoices(ids: string[]): Promise<{ ok: true } | { ok: false; msg?: string }> {
  const { admin_token: token, lang } = session.get();
  let response: Response;
  try {
    response = await fetch(buildUrl('/p/invoices/download'), {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': lang,
        ...(token ? { Authorization: token } : {}),
      },
      body: JSON.stringify({ ids }),
    });
  } catch {
    return { ok: false };
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    return { ok: false, msg: body?.msg };
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'invoices.pdf';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true };
}

/** 2 decimals in the interface language and the currency code, as on the PDF: "39,73 USD". */
export function formatInvoiceAmount(value: number, currency: string, lang: string): string {
  return `${new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency}`;
}

export function formatInvoiceTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
