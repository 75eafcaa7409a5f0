import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Invoice } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import InvoiceListPage from './invoice-list-page';
import InvoicePage from './invoice-page';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const INVOICE: Invoice = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'INV-2026-000042',
  reference: '22222222-2222-4222-8222-222222222222',
  orderNumber: 'O00001001',
  issuedAt: '2026-03-14T09:31:00.000Z',
  paidAt: '2026-03-14T09:30:00.000Z',
  paymentMethod: 'wallet',
  billTo: {
    name: 'Ayşe Yılmaz',
    company: 'Güneş İthalat',
    vatNumber: 'TR1234567890',
    address: 'İstiklal Cd. 12, İstanbul',
    countryCode: 'TR',
  },
  billFrom: {
    name: 'DEMO Marketplace Ltd',
    company: null,
    vatNumber: null,
    address: '1 Example Street',
    countryCode: 'GB',
  },
  lines: [
    {
      title: '无线蓝牙耳机',
      sku: 'BT-EAR-01',
      specs: 'Colour: black',
      unitPrice: 12.5,
      quantity: 2,
      amount: 25,
      fromInventory: false,
    },
  ],
  productCost: 25,
  shipping: 4,
  tax: 3.23,
  discount: 1,
  operateAmount: 0.5,
  handlingFee: 0.75,
  parts: null,
  due: 0,
  payable: 32.48,
  currency: 'USD',
  locale: 'en-US',
  pdfReady: true,
};
const SECOND = { ...INVOICE, id: '22222222-2222-4222-8222-222222222222', number: 'INV-2026-000043', payable: 10 };
const summary = (i: Invoice) => ({
  id: i.id,
  number: i.number,
  reference: i.reference,
  orderNumber: i.orderNumber,
  issuedAt: i.issuedAt,
  paidAt: i.paidAt,
  payable: i.payable,
  currency: i.currency,
});

/** GET /api/countries as the server answers it: names in the request's language. */
const countries = (_: URL, init: RequestInit) =>
  envelope(
    new Headers(init.headers).get('Accept-Language') === 'fr-FR'
      ? [
          { code: 'GB', name: 'Royaume-Uni' },
          { code: 'TR', name: 'Turquie' },
        ]
      : [
          { code: 'GB', name: 'United Kingdom' },
          { code: 'TR', name: 'Türkiye' },
        ],
  );

beforeAll(async () => {
  await loadNamespace('invoices');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

describe('invoice page (/user/orderinvoice)', { timeout: 30_000 }, () => {
  const render = (id: string) =>
    renderRoutes([{ path: '/user/orderinvoice', element: <InvoicePage /> }], `/user/orderinvoice?id=${id}`);

  it('shows every invoice field, the lines and the totals, with a Download PDF link and Print', async () => {
    fakeApi({ [`GET /api/p/invoices/${INVOICE.id}`]: () => envelope(INVOICE), 'GET /api/countries': countries });
    render(INVOICE.id);
    expect(await screen.findByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.getAllByText('INV-2026-000042').length).toBeGreaterThan(0);
    expect(screen.getByText('Wallet balance')).toBeInTheDocument();
    expect(screen.getByText('O00001001')).toBeInTheDocument(); // the order's number, not its internal id
    const billTo = screen.getByRole('region', { name: 'Bill to' });
    expect(within(billTo).getByText('Ayşe Yılmaz')).toBeInTheDocument();
    // The country by its name in the reader's language, on the address's last line (not its code).
    expect(await within(billTo).findByText('Türkiye')).toBeInTheDocument();
    expect(within(billTo).queryByText(/TR$/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Bill from' })).getByText('United Kingdom')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /无线蓝牙耳机/ });
    expect(within(row).getByText('12.50')).toBeInTheDocument();
    expect(within(row).getByText('25.00')).toBeInTheDocument();
    expect(screen.getByText('3.23 USD')).toBeInTheDocument();
    expect(screen.getByText('-1.00 USD')).toBeInTheDocument();
    // The service fee is named as checkout names it.
    expect(screen.getByText('Service fee')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-payable')).toHaveTextContent('32.48 USD');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/p/invoices/${INVOICE.id}/pdf?lang=en-US`,
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await userEvent
      .setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
      .click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('an order paid in two parts shows the deposit and the balance with their dates and what is still due', async () => {
    const twoParts: Invoice = {
      ...INVOICE,
      parts: [
        { part: 'deposit', amount: 9.74, paidAt: '2026-03-02T10:00:00.000Z', returnedAt: null },
        { part: 'balance', amount: 22.74, paidAt: null, returnedAt: null },
      ],
      due: 22.74,
    };
    fakeApi({ [`GET /api/p/invoices/${INVOICE.id}`]: () => envelope(twoParts), 'GET /api/countries': countries });
    render(INVOICE.id);
    const parts = await screen.findByRole('region', { name: 'Payment in two parts' });
    expect(within(parts).getByText(/^Deposit · paid Mar 2, 2026/)).toBeInTheDocument();
    expect(within(parts).getByText('9.74 USD')).toBeInTheDocument();
    expect(within(parts).getByText('Balance · due when the goods are purchased')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-due')).toHaveTextContent('22.74 USD');
  });

  it("another user's (or a missing) invoice says it does not exist", async () => {
    fakeApi({});
    render('33333333-3333-4333-8333-333333333333');
    expect(await screen.findByText('This invoice does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All invoices' })).toHaveAttribute('href', '/user/downloadinvoice');
  });

  it("from an order (?order=): finds the order's invoice; an order without one says so", async () => {
    const asked: string[] = [];
    fakeApi({
      'GET /api/p/invoices': (url) => {
        asked.push(new URL(String(url), 'http://x').searchParams.get('reference') ?? '');
        const mine = new URL(String(url), 'http://x').searchParams.get('reference') === 'order-1';
        return envelope({
          records: mine ? [summary(INVOICE)] : [],
          total: mine ? 1 : 0,
          size: 1,
          current: 1,
          pages: 1,
        });
      },
      [`GET /api/p/invoices/${INVOICE.id}`]: () => envelope(INVOICE),
    });
    renderRoutes([{ path: '/user/orderinvoice', element: <InvoicePage /> }], '/user/orderinvoice?order=order-1');
    expect(await screen.findByTestId('invoice-payable')).toHaveTextContent('32.48 USD');
    expect(asked).toEqual(['order-1']);
    cleanup();
    renderRoutes([{ path: '/user/orderinvoice', element: <InvoicePage /> }], '/user/orderinvoice?order=order-2');
    expect(await screen.findByText('This invoice does not exist.')).toBeInTheDocument();
  });

  it('in Turkish, labels and amounts follow the language', async () => {
    await setLanguage('tr-TR');
    fakeApi({ [`GET /api/p/invoices/${INVOICE.id}`]: () => envelope(INVOICE) });
    render(INVOICE.id);
    expect(await screen.findByRole('heading', { name: 'Fatura' })).toBeInTheDocument();
    expect(screen.getByText('Ödenecek tutar')).toBeInTheDocument();
    expect(screen.getByText('Hizmet bedeli')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-payable')).toHaveTextContent('32,48 USD');
    // The PDF is asked for in the language being read, not the one saved at log-in.
    expect(screen.getByRole('link', { name: 'PDF indir' })).toHaveAttribute(
      'href',
      `/api/p/invoices/${INVOICE.id}/pdf?lang=tr-TR`,
    );
  });

  it('in French, the bill-to country is named in French', async () => {
    await setLanguage('fr-FR');
    fakeApi({ [`GET /api/p/invoices/${INVOICE.id}`]: () => envelope(INVOICE), 'GET /api/countries': countries });
    render(INVOICE.id);
    const billTo = await screen.findByRole('region', { name: 'Facturé à' });
    expect(await within(billTo).findByText('Turquie')).toBeInTheDocument();
  });
});

describe('invoice list (/user/downloadinvoice)', { timeout: 30_000 }, () => {
  const render = () =>
    renderRoutes([{ path: '/user/downloadinvoice', element: <InvoiceListPage /> }], '/user/downloadinvoice');

  it('lists the invoices and downloads the selected ones as one PDF', async () => {
    let asked: unknown = null;
    fakeApi({
      'GET /api/p/invoices': () =>
        envelope({ records: [summary(INVOICE), summary(SECOND)], total: 2, size: 10, current: 1, pages: 1 }),
      'POST /api/p/invoices/download': (_url, init) => {
        asked = JSON.parse(String(init.body));
        return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:invoices');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render();
    expect(await screen.findByText('INV-2026-000042')).toBeInTheDocument();
    expect(screen.getByText('32.48 USD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View invoice INV-2026-000042' })).toHaveAttribute(
      'href',
      `/user/orderinvoice?id=${INVOICE.id}`,
    );
    expect(screen.getByRole('link', { name: 'Download invoice INV-2026-000043 as PDF' })).toHaveAttribute(
      'href',
      `/api/p/invoices/${SECOND.id}/pdf?lang=en-US`,
    );

    const button = screen.getByRole('button', { name: 'Download selected (0)' });
    expect(button).toBeDisabled();
    await user.click(screen.getByLabelText('Select invoice INV-2026-000042'));
    await user.click(screen.getByLabelText('Select invoice INV-2026-000043'));
    await user.click(screen.getByRole('button', { name: 'Download selected (2)' }));
    await waitFor(() => expect(asked).toEqual({ ids: [INVOICE.id, SECOND.id] }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(await screen.findByText('2 invoices downloaded as one PDF')).toBeInTheDocument();
  });

  it('in French, the select-all checkbox is named in French and selects the page', async () => {
    await setLanguage('fr-FR');
    fakeApi({
      'GET /api/p/invoices': () =>
        envelope({ records: [summary(INVOICE), summary(SECOND)], total: 2, size: 10, current: 1, pages: 1 }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render();
    expect(await screen.findByText('INV-2026-000042')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les factures de la page' }));
    expect(screen.getByLabelText('Sélectionner la facture INV-2026-000043')).toBeChecked();
  });

  it('says when there are no invoices yet', async () => {
    fakeApi({ 'GET /api/p/invoices': () => envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }) });
    render();
    expect(await screen.findByText('No invoices yet: they appear here when an order is paid.')).toBeInTheDocument();
  });
});
