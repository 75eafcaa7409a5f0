import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { InvoiceSummary, StoreInvoiceRow } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import StoreInvoiceListPage from './store-invoice-list-page';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const invoice = (n: number, order: string): InvoiceSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  number: `INV-2026-00000${n}`,
  reference: `order-${n}`,
  orderNumber: order,
  issuedAt: '2026-11-27T10:00:00.000Z',
  paidAt: '2026-11-27T10:00:00.000Z',
  payable: 20 + n,
  currency: 'USD',
});
const ROWS: StoreInvoiceRow[] = [
  {
    storeOrderId: 'so-1',
    storeName: 'Sandbox shop',
    number: '#1001',
    paidAt: '2026-11-27T10:00:00.000Z',
    invoices: [invoice(1, 'O00000001'), invoice(2, 'O00000002')],
  },
  { storeOrderId: 'so-2', storeName: 'Sandbox shop', number: '#1002', paidAt: null, invoices: [] },
  // An order imported from a spreadsheet: a store order with no store (decision 0132).
  {
    storeOrderId: 'so-3',
    storeName: '',
    source: 'excel',
    number: 'B-7',
    paidAt: '2026-11-27T11:00:00.000Z',
    invoices: [invoice(3, 'O00000003')],
  },
];

beforeAll(() => loadNamespace('invoices'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/user/storedownloadinvoice', { timeout: 30_000 }, () => {
  it('lists paid store orders with the invoices of their shipments and downloads a store order’s invoices as one PDF', async () => {
    let asked: unknown = null;
    fakeApi({
      'GET /api/p/store-orders/invoices': () => envelope({ records: ROWS, total: 3, size: 10, current: 1, pages: 1 }),
      'POST /api/p/invoices/download': (_url, init) => {
        asked = JSON.parse(String(init.body));
        return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:invoices');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderRoutes(
      [{ path: '/user/storedownloadinvoice', element: <StoreInvoiceListPage /> }],
      '/user/storedownloadinvoice',
    );
    expect(await screen.findByText('#1001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download invoice INV-2026-000002 as PDF' })).toHaveAttribute(
      'href',
      `/api/p/invoices/${invoice(2, '').id}/pdf?lang=en-US`,
    );
    expect(screen.getByText('none yet')).toBeInTheDocument();
    // The imported order with its invoice, named by where it came from.
    const imported = screen.getByText('B-7').closest('tr')!;
    expect(imported).toHaveTextContent('Excel import');
    expect(within(imported).getByRole('link', { name: 'Download invoice INV-2026-000003 as PDF' })).toBeInTheDocument();
    expect(screen.getByLabelText('Select store order #1002')).toBeDisabled();
    await user.click(screen.getByLabelText('Select store order #1001'));
    await user.click(screen.getByRole('button', { name: 'Download selected (2)' }));
    await waitFor(() => expect(asked).toEqual({ ids: [invoice(1, '').id, invoice(2, '').id] }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});
