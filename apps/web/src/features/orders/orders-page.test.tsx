import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import OrdersPage from './orders-page';
import { COUNTS, detail, page, summary } from '../../test/factories';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(async () => {
  await loadNamespace('orders');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const render = (path = '/user/storeorder') =>
  renderRoutes([{ path: '/user/storeorder', element: <OrdersPage /> }], path);
const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

describe('orders page (/user/storeorder)', { timeout: 30_000 }, () => {
  it('shows the SPEC §4 tabs with their counts, asks the server for the chosen tab, and shows only the allowed buttons', async () => {
    const tabs: string[] = [];
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': (url) => {
        tabs.push(url.searchParams.get('tab') ?? '');
        if (url.searchParams.get('tab') === 'shipped') {
          return envelope(
            page([summary('o-3', { state: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001', actions: [] })]),
          );
        }
        return envelope(
          page([
            summary('o-1'),
            summary('o-2', {
              state: 'pending',
              abnormal: true,
              abnormalReason: 'SKU sold out',
              actions: ['resolve-abnormal', 'ignore-abnormal'],
            }),
          ]),
        );
      },
    });
    render();
    expect(await screen.findByText('O00000001')).toBeInTheDocument();
    expect(screen.getByTestId('tab-awaiting-payment')).toHaveTextContent('Awaiting payment (2)');
    expect(screen.getByTestId('tab-trash')).toHaveTextContent('Draft box (2)');
    expect(screen.getByTestId('tab-abnormal')).toHaveTextContent('Abnormal (1)');
    expect(screen.getByTestId('tab-all')).toHaveTextContent('All (6)');
    expect(screen.getAllByText('$49.99').length).toBeGreaterThan(0);

    // Row 1 may be paid, deleted or split; row 2 (abnormal) only answered.
    expect(screen.getByRole('link', { name: 'Pay order O00000001' })).toHaveAttribute(
      'href',
      '/user/paymentorder?orders=o-1',
    );
    expect(screen.getByRole('button', { name: 'Split order O00000001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay order O00000002' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ignore the problem of order O00000002' })).toBeInTheDocument();
    expect(screen.getByText('Abnormal', { selector: '.ant-tag' })).toBeInTheDocument();

    // Unpaid or abnormal: no after-sales yet.
    expect(screen.queryByRole('link', { name: /refund or reshipment/ })).not.toBeInTheDocument();

    await user().click(screen.getByTestId('tab-shipped'));
    expect(await screen.findByText('DHL JD0001')).toBeInTheDocument();
    expect(tabs).toContain('shipped');
    expect(screen.queryByRole('button', { name: /Split order/ })).not.toBeInTheDocument();
    // A paid order may ask for after-sales.
    expect(screen.getByRole('link', { name: 'Ask for a refund or reshipment of order O00000003' })).toHaveAttribute(
      'href',
      '/user/aftersalesorders',
    );
  });

  it('a held order (price difference due) links to the page that pays it', async () => {
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () =>
        envelope(page([summary('o-4', { state: 'pending', actions: ['pay-price-difference'] })])),
    });
    render();
    expect(await screen.findByRole('link', { name: 'Pay the price difference of order O00000004' })).toHaveAttribute(
      'href',
      '/user/fillpricedifference',
    );
  });

  it('restores the selected orders of the draft box in one call', async () => {
    const restored: unknown[] = [];
    let done = false;
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': (url) => {
        expect(url.searchParams.get('tab')).toBe('trash');
        const trashed = (id: string) =>
          summary(id, { state: 'trashed', actions: ['restore'], trashedAt: '2026-03-15T09:30:00.000Z' });
        return envelope(page(done ? [] : [trashed('o-4'), trashed('o-5')]));
      },
      'POST /api/p/orders/restore': (_url, init) => {
        restored.push(bodyOf(init));
        expect(new Headers(init.headers).get('Idempotency-Key')).toBeTruthy();
        done = true;
        return envelope({ restored: ['o-4', 'o-5'] });
      },
    });
    render('/user/storeorder?tab=trash');
    expect(await screen.findByText('O00000004')).toBeInTheDocument();
    expect(screen.getByText(/Restore them to pay them/)).toBeInTheDocument();
    const restoreSelected = screen.getByRole('button', { name: 'Restore selected' });
    expect(restoreSelected).toBeDisabled();
    const u = user();
    await u.click(screen.getByRole('checkbox', { name: 'Select order O00000004' }));
    await u.click(screen.getByRole('checkbox', { name: 'Select order O00000005' }));
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();
    await u.click(restoreSelected);
    await waitFor(() => expect(restored).toEqual([{ ids: ['o-4', 'o-5'] }]));
    expect(await screen.findByText('2 orders restored')).toBeInTheDocument();
    expect(await screen.findByText('The draft box is empty')).toBeInTheDocument();
  });

  it('with no orders, says where orders come from and offers to browse the products, in Turkish too', async () => {
    await setLanguage('tr-TR');
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([])),
    });
    render();
    expect(
      await screen.findByText('Verdiğiniz siparişler ödeme, kargo ve faturalarıyla birlikte burada görünür.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ürünlere göz at' })).toHaveAttribute('href', '/goodslist');
  });

  it("shows money in the user's chosen currency", async () => {
    session.set({ pay_rate: { currencyCode: 'EUR', symbol: '€', name: 'Euro', rate: 0.92 } as never });
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-1')])),
    });
    render();
    expect(await screen.findByText('€45.99')).toBeInTheDocument(); // 49.99 USD × 0.92
    session.set({ pay_rate: null });
  });

  it('pays several unpaid orders at once: the link carries every selected id', async () => {
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-1'), summary('o-2')])),
    });
    render('/user/storeorder?tab=awaiting-payment');
    expect(await screen.findByText('O00000002')).toBeInTheDocument();
    const u = user();
    await u.click(screen.getByRole('checkbox', { name: 'Select order O00000001' }));
    await u.click(screen.getByRole('checkbox', { name: 'Select order O00000002' }));
    expect(screen.getByRole('link', { name: 'Pay selected' })).toHaveAttribute(
      'href',
      '/user/paymentorder?orders=o-1,o-2',
    );
  });

  it("shows the detail with lines, amounts, addresses, tracking and the timeline in the user's words", async () => {
    const order = detail('o-7', {
      state: 'shipped',
      paidAt: '2026-03-14T10:00:00.000Z',
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      discount: 2,
      total: 47.99,
      actions: [],
      placedWith: [{ id: 'o-8', number: 'O00000008', state: 'pending' }],
      events: [
        {
          event: 'create',
          fromState: null,
          toState: 'awaiting-payment',
          actorType: 'user',
          reason: null,
          at: '2026-03-14T09:30:00.000Z',
        },
        {
          event: 'pay',
          fromState: 'awaiting-payment',
          toState: 'pending',
          actorType: 'user',
          reason: null,
          at: '2026-03-14T10:00:00.000Z',
        },
        {
          event: 'mark-abnormal',
          fromState: 'pending',
          toState: 'pending',
          actorType: 'operator',
          reason: 'Colour out of stock',
          at: '2026-03-14T11:00:00.000Z',
        },
        {
          event: 'ignore-abnormal',
          fromState: 'pending',
          toState: 'pending',
          actorType: 'user',
          reason: null,
          at: '2026-03-14T12:00:00.000Z',
        },
        {
          event: 'purchase',
          fromState: 'pending',
          toState: 'purchasing',
          actorType: 'operator',
          reason: null,
          at: '2026-03-15T09:00:00.000Z',
        },
        {
          event: 'ship',
          fromState: 'purchasing',
          toState: 'shipped',
          actorType: 'system',
          reason: null,
          at: '2026-03-16T09:00:00.000Z',
        },
      ],
    });
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-7', { state: 'shipped', actions: [] })])),
      'GET /api/p/orders/o-7': () => envelope(order),
    });
    render();
    await user().click(await screen.findByRole('button', { name: 'Open order O00000007' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Order O00000007')).toBeInTheDocument();
    const row = within(drawer).getByRole('row', { name: /Charging case/ });
    expect(within(row).getAllByText('$9.99')).toHaveLength(2); // unit price and line total
    expect(within(drawer).getByText('−$2.00')).toBeInTheDocument();
    expect(within(drawer).getByTestId('order-total')).toHaveTextContent('$47.99');
    expect(within(drawer).getByText('JD0001')).toBeInTheDocument();
    expect(
      within(within(drawer).getByRole('region', { name: 'Bill to' })).getByText('Billing Ltd'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Invoice' })).toHaveAttribute(
      'href',
      `/user/orderinvoice?order=o-7`,
    );

    // Another shipment of the same checkout is its own order (decision 0107): named, with its state.
    const siblings = within(drawer).getByRole('region', { name: 'Placed in the same checkout' });
    expect(siblings).toHaveTextContent('O00000008');
    expect(siblings).toHaveTextContent('Pending');

    const events = within(drawer).getAllByTestId('order-event');
    expect(events).toHaveLength(6);
    expect(events[1]).toHaveTextContent('Paid');
    expect(events[1]).toHaveTextContent('Awaiting payment → Pending · by you');
    expect(events[2]).toHaveTextContent('Marked abnormal');
    expect(events[2]).toHaveTextContent('by operator');
    expect(events[2]).toHaveTextContent('Reason: Colour out of stock');
    expect(events[5]).toHaveTextContent('Purchasing → Shipped · by system');

    // The same timeline in French.
    await setLanguage('fr-FR');
    expect(await within(drawer).findByText('Historique')).toBeInTheDocument();
    expect(within(drawer).getAllByTestId('order-event')[1]).toHaveTextContent(
      'En attente de paiement → En attente · par vous',
    );
  });

  it('shows each address whole: street and house number, the second line when there is one, city, province, country', async () => {
    const order = detail('o-8', { actions: [] });
    order.consignee = { ...order.consignee, address: '' };
    fakeApi({
      'GET /api/countries': () => envelope([{ code: 'FR', name: 'France' }]),
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-8', { actions: [] })])),
      'GET /api/p/orders/o-8': () => envelope(order),
    });
    render();
    await user().click(await screen.findByRole('button', { name: 'Open order O00000008' }));
    const drawer = await screen.findByRole('dialog');
    const lines = async (name: string) => {
      const region = await within(drawer).findByRole('region', { name });
      await within(region).findByText('France');
      return [...region.querySelectorAll('p')].map((p) => p.textContent);
    };
    expect(await lines('Bill to')).toEqual([
      'Ada Lovelace',
      'Billing Ltd',
      '1 Rue de Rivoli',
      'Bâtiment A, 2e étage',
      '75001 Paris',
      'IDF',
      'France',
      '+33100000000',
      'ada@example.com',
    ]);
    expect(await lines('Ship to')).toEqual([
      'Ada Lovelace',
      'Analytical SARL',
      '1 Rue de Rivoli',
      '75001 Paris',
      'IDF',
      'France',
      '+33100000000',
      'ada@example.com',
    ]);
  });

  it("splits by selected items, showing the server's validation message, then by SKU", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-1')])),
      'GET /api/p/orders/o-1': () => envelope(detail('o-1', { actions: ['pay', 'trash', 'split'] })),
      'POST /api/p/orders/o-1/split': (_url, init) => {
        const body = bodyOf(init) as { mode: string };
        bodies.push(body);
        if (body.mode === 'items') {
          return envelope([{ field: 'groups', message: 'A split must make at least two orders' }], {
            code: 'A00002',
            msg: 'Invalid',
            status: 400,
          });
        }
        return envelope({
          children: [
            { id: 'c-1', number: 'O00000011' },
            { id: 'c-2', number: 'O00000012' },
          ],
        });
      },
    });
    render();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Split order O00000001' }));
    // (antd's ids are all "test-id" under test, so the dialog is found by its text.)
    const dialog = (await screen.findByText('Each of the 2 products becomes an order of its own.')).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByText('Split order O00000001')).toBeInTheDocument();

    await u.click(within(dialog).getByLabelText('By selected items'));
    const earbuds = within(dialog).getByRole('spinbutton', { name: 'New order 1: quantity of Wireless earbuds' });
    const caseQty = within(dialog).getByRole('spinbutton', { name: 'New order 1: quantity of Charging case' });
    await u.type(earbuds, '2');
    await u.type(caseQty, '1');
    expect(within(dialog).getByTestId('split-rest-0')).toHaveTextContent('0');
    await u.click(within(dialog).getByRole('button', { name: 'Split' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A split must make at least two orders');
    expect(bodies[0]).toEqual({
      mode: 'items',
      groups: [
        [
          { lineId: 'l-1', quantity: 2 },
          { lineId: 'l-2', quantity: 1 },
        ],
      ],
    });

    await u.click(within(dialog).getByLabelText('By SKU'));
    await u.click(within(dialog).getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(bodies[1]).toEqual({ mode: 'by-sku' }));
    expect(await screen.findByText('Split into 2 orders: O00000011, O00000012')).toBeInTheDocument();
  });

  it('asks before moving an order to the draft box', async () => {
    const posted: string[] = [];
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-1')])),
      'POST /api/p/orders/o-1/trash': (url) => {
        posted.push(url.pathname);
        return envelope(detail('o-1', { state: 'trashed', actions: ['restore'] }));
      },
    });
    render();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Delete order O00000001' }));
    expect(await screen.findByText(/Move order O00000001 to the draft box\?/)).toBeInTheDocument();
    expect(posted).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted).toEqual(['/api/p/orders/o-1/trash']));
  });
});
