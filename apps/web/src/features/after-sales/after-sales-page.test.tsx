import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AfterSales, AfterSalesEligibleOrder } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import AfterSalesPage from './after-sales-page';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The machine may be busy: antd's validation and the dialogs get more than the 1 s default. */
const SLOW = { timeout: 15_000 };
const ui = () =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null, applyAccept: false });

const REQUEST: AfterSales = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'AS00000042',
  orderId: 'o-1',
  orderNumber: 'O00000007',
  orderTotal: 49.99,
  kind: 'refund',
  state: 'rejected',
  reason: 'Arrived broken',
  amount: 20,
  refunded: null,
  images: [],
  lines: [],
  rejectReason: 'The photos show no damage',
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  closedAt: '2026-11-21T10:00:00.000Z',
  events: [
    {
      event: 'requested',
      fromState: null,
      toState: 'requested',
      actorType: 'user',
      note: null,
      at: '2026-11-20T10:00:00.000Z',
    },
    {
      event: 'rejected',
      fromState: 'requested',
      toState: 'rejected',
      actorType: 'operator',
      note: 'The photos show no damage',
      at: '2026-11-21T10:00:00.000Z',
    },
  ],
};
const REFUNDED: AfterSales = {
  ...REQUEST,
  id: '22222222-2222-4222-8222-222222222222',
  number: 'AS00000043',
  state: 'refunded',
  refunded: 15,
  amount: 15,
  rejectReason: null,
};
const ORDER: AfterSalesEligibleOrder = {
  id: 'o-9',
  number: 'O00000009',
  state: 'delivered',
  total: 49.99,
  refundable: 30,
  lines: [{ id: 'l-1', title: 'Lamp', quantity: 2 }],
};

const page = (records: AfterSales[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
const render = () =>
  renderRoutes([{ path: '/user/aftersalesorders', element: <AfterSalesPage /> }], '/user/aftersalesorders');
const file = (name: string, type: string, size = 1024) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeAll(() => loadNamespace('after-sales'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

describe('after-sales page (/user/aftersalesorders)', { timeout: 90_000 }, () => {
  it("lists my requests with their state and shows the operator's answer in the detail", async () => {
    fakeApi({ 'GET /api/p/after-sales': () => page([REQUEST, REFUNDED]) });
    const user = ui();
    render();
    const row = (await screen.findByText('AS00000042', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText('O00000007')).toBeInTheDocument();
    expect(within(screen.getByText('AS00000043').closest('tr')!).getByText('Refunded')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Details of AS00000042' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rejected: The photos show no damage')).toBeInTheDocument();
    expect(within(dialog).getByText('Arrived broken')).toBeInTheDocument();
    // A decided request cannot be cancelled any more.
    expect(within(dialog).queryByRole('button', { name: 'Cancel the request' })).toBeNull();
    // The footer's Close (the dialog's × is named Close too).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.click(screen.getByRole('button', { name: 'Details of AS00000043' }));
    expect(await screen.findByText('$15.00 was credited to your wallet balance', {}, SLOW)).toBeInTheDocument();
  });

  it('sends a refund request for one of my paid orders, with a photo, once; refuses a wrong photo and too much money', async () => {
    let sent: { body: Record<string, unknown>; key: string } | null = null;
    const uploads: string[] = [];
    const created: AfterSales = {
      ...REQUEST,
      id: '33333333-3333-4333-8333-333333333333',
      number: 'AS00000044',
      state: 'requested',
      rejectReason: null,
    };
    let records: AfterSales[] = [];
    fakeApi({
      'GET /api/p/after-sales': () => page(records),
      'GET /api/p/after-sales/orders': () => envelope([ORDER]),
      'POST /api/p/after-sales/images': (_url, init) => {
        uploads.push(((init.body as FormData).get('file') as File).name);
        return envelope({ id: `${'a'.repeat(32)}.png`, contentType: 'image/png', size: 1024 });
      },
      'POST /api/p/after-sales': (_url, init) => {
        sent = {
          body: JSON.parse(String(init.body)),
          key: (init.headers as Record<string, string>)['Idempotency-Key']!,
        };
        records = [created];
        return envelope(created);
      },
    });
    const user = ui();
    render();
    expect(await screen.findByText('No after-sales requests yet', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByText('Choose the order', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('Say what is wrong')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByTitle('O00000009 · $49.99', {}, SLOW));
    expect(await within(dialog).findByText('Up to $30.00', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount to refund (USD)' }), '31');
    await user.type(within(dialog).getByRole('textbox', { name: 'What is wrong?' }), 'The lamp is cracked');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByText('At most $30.00 can be refunded', {}, SLOW)).toBeInTheDocument();
    expect(sent).toBeNull();

    const input = within(dialog).getByLabelText('Add photos');
    await user.upload(input, file('notes.pdf', 'application/pdf'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('notes.pdf: use a JPEG, PNG or WebP image');
    await user.upload(input, file('huge.png', 'image/png', 6 * 1024 * 1024));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('huge.png is larger than 5 MB');
    expect(uploads).toEqual([]);
    await user.upload(input, file('crack.png', 'image/png'));
    expect(await within(dialog).findByText('crack.png', {}, SLOW)).toBeInTheDocument();
    expect(uploads).toEqual(['crack.png']);

    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount to refund (USD)' });
    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.body).toEqual({
      orderId: 'o-9',
      kind: 'refund',
      reason: 'The lamp is cracked',
      amount: 25.5,
      images: [`${'a'.repeat(32)}.png`],
      lines: [],
    });
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Request AS00000044 was sent', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('AS00000044', {}, SLOW)).toBeInTheDocument();
  });

  it('with no requests yet, says what the page is for and links to the orders, in French too', async () => {
    await setLanguage('fr-FR');
    fakeApi({ 'GET /api/p/after-sales': () => page([]) });
    render();
    expect(await screen.findByText("Aucune demande après-vente pour l'instant", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/vous pouvez demander ici un remboursement ou un remplacement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/user/storeorder');
  });

  it("speaks the user's language", async () => {
    await setLanguage('fr-FR');
    fakeApi({ 'GET /api/p/after-sales': () => page([REQUEST]) });
    render();
    expect(await screen.findByRole('heading', { name: 'Demandes après-vente' })).toBeInTheDocument();
    expect(await screen.findByText('Refusée', {}, SLOW)).toBeInTheDocument();
  });
});
