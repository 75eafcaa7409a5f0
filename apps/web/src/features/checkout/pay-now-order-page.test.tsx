// jsdom lacks ResizeObserver; antd's text area measures itself with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ConfirmResult } from '@dsm/contract';
import { RATES, fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PayNowOrderPage from './pay-now-order-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const address = (addrId: string, country: string, city: string) => ({
  addrId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  country,
  province: '',
  city,
  street: 'Rue X',
  houseNo: '1',
  address: '',
  postCode: '75001',
});

/** The server's answer for three lamps to France, or to Turkey by the express method. */
function result(consignee: 'FR' | 'TR', method: 'POST' | 'EXPRESS'): ConfirmResult {
  const toFrance = consignee === 'FR';
  const shipping = method === 'POST' ? 7.2 : 31.5;
  const shippingOptions = [
    { code: 'POST', name: 'China Post', price: 7.2, days: { min: 15, max: 30 }, selected: method === 'POST' },
    { code: 'EXPRESS', name: 'DHL Express', price: 31.5, days: { min: 3, max: 5 }, selected: method === 'EXPRESS' },
  ];
  const total = Math.round((59.97 + shipping + 1.2 + 11.99) * 100) / 100;
  return {
    lines: [
      {
        prodId: 7,
        skuId: 13,
        skuCode: 'CO-LAMP',
        title: 'Desk lamp',
        image: '',
        count: 3,
        unitPrice: 19.99,
        lineTotal: 59.97,
        shipment: 'CN',
        cannotShip: null,
      },
    ],
    goodsTotal: 59.97,
    shippingOptions,
    shipments: [
      {
        key: 'CN',
        warehouse: { code: 'CN', name: 'China warehouse', country: 'CN' },
        skuIds: [13],
        shippingOptions,
        goodsTotal: 59.97,
        shipping,
        serviceFee: 1.2,
        tax: 11.99,
        total,
      },
    ],
    shipping,
    serviceFee: 1.2,
    serviceFeeRate: 2,
    tax: 11.99,
    taxRate: 20,
    total,
    consignee: toFrance ? address('a-fr', 'FR', 'Paris') : address('a-tr', 'TR', 'Istanbul'),
    billing: address('a-gb', 'GB', 'London'),
    consignees: [address('a-fr', 'FR', 'Paris'), address('a-tr', 'TR', 'Istanbul')],
    confirmToken: 'token',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
}

const COUNTRIES = [
  { code: 'FR', name: 'France' },
  { code: 'TR', name: 'Türkiye' },
  { code: 'GB', name: 'United Kingdom' },
];

function renderPage(path = '/user/paynoworder?prodId=7&skuId=13&count=3') {
  return renderRoutes(
    [
      { path: '/user/paynoworder', element: <PayNowOrderPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

const submitted = (ids: string[]) => ({
  orders: ids.map((id, i) => ({
    id,
    number: `O0000004${i}`,
    state: 'awaiting-payment',
    total: 80.36,
    payBy: '2030-01-01T00:15:00.000Z',
  })),
  total: 80.36 * ids.length,
});
const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['Idempotency-Key'];

beforeAll(() => loadNamespace('checkout'));
beforeEach(() =>
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } }),
);
afterEach(() => vi.unstubAllGlobals());

describe('buy-now checkout page', { timeout: 30_000 }, () => {
  it('shows lines, shipping methods with price and days, fee, tax and total; another choice prices again', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': (_url, init) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        return envelope(
          result(
            body.consigneeId === 'a-tr' ? 'TR' : 'FR',
            (body.shippingMethods as Record<string, string> | undefined)?.CN === 'EXPRESS' ? 'EXPRESS' : 'POST',
          ),
        );
      },
    });
    const user = ui();
    renderPage();
    expect(await screen.findByText('Desk lamp')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ prodId: 7, skuId: 13, count: 3, shippingMethods: {} });
    expect(screen.getByText('$19.99 × 3')).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Service fee (2%)').nextSibling).toHaveTextContent('$1.20');
    expect((await summary.findByText('Tax (20%, France)')).nextSibling).toHaveTextContent('$11.99');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$80.36');
    expect(summary.getByRole('button', { name: 'Submit order' })).toBeEnabled();

    // One warehouse: one shipment, headed by where it ships from, with its methods.
    const shipping = within(screen.getByRole('region', { name: 'Ships from China warehouse' }));
    expect(shipping.getByText('Desk lamp')).toBeInTheDocument();
    expect(shipping.getByText('$31.50 · 3–5 days')).toBeInTheDocument();
    await user.click(shipping.getByRole('radio', { name: /DHL Express/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$104.66'));
    expect(bodies.at(-1)).toMatchObject({ shippingMethods: { CN: 'EXPRESS' } });

    await user.click(
      within(screen.getByRole('region', { name: 'Shipping address' })).getByRole('radio', { name: /Istanbul/ }),
    );
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ consigneeId: 'a-tr' }));
    expect(await summary.findByText('Tax (20%, Türkiye)')).toBeInTheDocument();
  });

  it('shows the whole address, street and house number with and without the second line', async () => {
    const withSecondLine = {
      ...address('a-fr', 'FR', 'Paris'),
      address: 'Bâtiment B, 3e étage',
      province: 'Île-de-France',
    };
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () =>
        envelope({
          ...result('FR', 'POST'),
          consignee: withSecondLine,
          consignees: [withSecondLine, address('a-tr', 'TR', 'Istanbul')],
        }),
    });
    renderPage();
    const consignees = within(await screen.findByRole('region', { name: 'Shipping address' }));
    expect(
      await consignees.findByText('1 Rue X, Bâtiment B, 3e étage, 75001 Paris, Île-de-France, France'),
    ).toBeInTheDocument();
    expect(consignees.getByText('Rue X 1, 75001 Istanbul, Türkiye')).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace, 1 Rue X, 75001 London, United Kingdom/)).toBeInTheDocument();
  });

  it('shows the amounts in the chosen currency and says what is charged in dollars', async () => {
    session.set({ pay_rate: RATES[1]! }); // EUR 0.92
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => envelope(result('FR', 'POST')),
    });
    renderPage();
    // 80.36 × 0.92 = 73.9312 → €73.93
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('€73.93');
    expect(screen.getByText(/Charged in US dollars: \$80\.36/)).toBeInTheDocument();
  });

  it('without a shipping address: the server message and a link to the profile', async () => {
    fakeApi({
      'POST /api/p/order/prod/confirm': () =>
        envelope(
          { reason: 'shipping-address-empty', link: '/user/profile' },
          { code: 'A00001', msg: 'The shipping address is empty, please set one in your profile', status: 422 },
        ),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shipping address is empty, please set one in your profile',
    );
    expect(screen.getByRole('link', { name: 'Add or edit addresses' })).toHaveAttribute('href', '/user/profile');
  });

  it('an incomplete link asks for a product first and calls nothing', async () => {
    const fetchMock = fakeApi({});
    renderPage('/user/paynoworder?prodId=7');
    expect(await screen.findByText(/This checkout link is incomplete/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/p/order/prod/confirm'))).toBe(false);
  });

  it('submits with the confirm token and an optional remark, then goes to the payment page; a double click is one key', async () => {
    const calls: Array<{ body: Record<string, unknown>; key: string | undefined }> = [];
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => envelope(result('FR', 'POST')),
      'POST /api/p/order/submit': async (_url, init) => {
        calls.push({ body: JSON.parse(String(init.body)) as Record<string, unknown>, key: keyOf(init) });
        await answered;
        return envelope(submitted(['o-1']));
      },
    });
    const user = ui();
    const { router } = renderPage();
    const button = await screen.findByRole('button', { name: 'Submit order' });
    await user.type(screen.getByLabelText('Note for this order (optional)'), '  gift wrap  ');
    await user.dblClick(button);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paymentorder'));
    expect(router.state.location.search).toBe('?orders=o-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ confirmToken: 'token', remark: 'gift wrap', fromCart: false });
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sessionStorage.getItem('orders.payBy') ?? '{}')).toMatchObject({
      'o-1': '2030-01-01T00:15:00.000Z',
    });
  });

  it('a retry after a lost answer resends the same key', async () => {
    const keys: Array<string | undefined> = [];
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => envelope(result('FR', 'POST')),
      'POST /api/p/order/submit': (_url, init) => {
        keys.push(keyOf(init));
        return keys.length === 1
          ? envelope(
              { reason: 'out-of-stock' },
              { code: 'A00001', msg: 'Not enough stock: 2 left of this variant', status: 422 },
            )
          : envelope(submitted(['o-1']));
      },
    });
    const user = ui();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough stock: 2 left of this variant');
    await user.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paymentorder'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('an expired confirm token: the message, the pricing again, and the next submit carries the new token and a new key', async () => {
    let confirms = 0;
    const calls: Array<{ token: unknown; key: string | undefined }> = [];
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => {
        confirms += 1;
        return envelope({ ...result('FR', 'POST'), confirmToken: `token-${confirms}` });
      },
      'POST /api/p/order/submit': (_url, init) => {
        calls.push({
          token: (JSON.parse(String(init.body)) as { confirmToken: string }).confirmToken,
          key: keyOf(init),
        });
        return calls.length === 1
          ? envelope(
              { reason: 'confirm-invalid' },
              { code: 'A00001', msg: 'Order information check wrong, retry', status: 422 },
            )
          : envelope(submitted(['o-1']));
      },
    });
    const user = ui();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order information check wrong, retry');
    expect(alert).toHaveTextContent('The prices were checked again');
    await waitFor(() => expect(confirms).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paymentorder'));
    expect(calls.map((c) => c.token)).toEqual(['token-1', 'token-2']);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('held in the inventory: the line at $0.00 says so; units taken meanwhile → the message and the new price', async () => {
    let confirms = 0;
    const held = (): ConfirmResult => {
      const base = result('FR', 'POST');
      return {
        ...base,
        lines: [{ ...base.lines[0]!, unitPrice: 0, lineTotal: 0, fromInventory: true }],
        goodsTotal: 0,
        confirmToken: 'token-held',
      };
    };
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => {
        confirms += 1;
        return envelope(confirms === 1 ? held() : { ...result('FR', 'POST'), confirmToken: 'token-bought' });
      },
      'POST /api/p/order/submit': () =>
        envelope(
          { reason: 'quote-changed' },
          { code: 'A00001', msg: 'The units from your inventory were taken by another order meanwhile', status: 409 },
        ),
    });
    const user = ui();
    renderPage();
    expect(await screen.findByTestId('checkout-from-inventory')).toHaveTextContent(
      'From your inventory: goods already paid',
    );
    expect(screen.getByText('$0.00 × 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('taken by another order');
    await waitFor(() => expect(confirms).toBe(2));
    expect(await screen.findByText('$19.99 × 3')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-from-inventory')).toBeNull();
  });

  it('too many unpaid orders: the server message, a link to the orders, no new price, the button usable again', async () => {
    let confirms = 0;
    const msg =
      'You already have 20 orders waiting for payment, which hold their stock. Pay or cancel the waiting orders under My orders, then place this one.';
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => {
        confirms += 1;
        return envelope(result('FR', 'POST'));
      },
      'POST /api/p/order/submit': () => envelope({ reason: 'hold-cap', max: 20 }, { code: 'A00001', msg, status: 422 }),
    });
    const user = ui();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(msg);
    expect(alert).not.toHaveTextContent('The prices were checked again');
    expect(within(alert).getByRole('link', { name: 'Go to my orders' })).toHaveAttribute('href', '/user/storeorder');
    expect(confirms).toBe(1);
    expect(router.state.location.pathname).toBe('/user/paynoworder');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit order' })).toBeEnabled());
  });

  it('a checkout that already placed its order says so and links to the orders', async () => {
    const msg =
      'This checkout has already placed an order. Find it under My orders to pay it, or check out again for a new order.';
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/p/order/prod/confirm': () => envelope(result('FR', 'POST')),
      'POST /api/p/order/submit': () => envelope({ reason: 'confirm-used' }, { code: 'A00001', msg, status: 422 }),
    });
    const user = ui();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(msg);
    expect(within(alert).getByRole('link', { name: 'Go to my orders' })).toHaveAttribute('href', '/user/storeorder');
  });
});
