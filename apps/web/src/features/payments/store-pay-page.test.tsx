import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { StorePayQuote } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import StorePayPage from './store-pay-page';
import { METHODS, headersOf, orderPayment, walletRecord } from '../../test/factories';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const renderPage = (search = '?ids=so-1') =>
  renderRoutes(
    [
      { path: '/user/orderpayment', element: <StorePayPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/user/orderpayment${search}`,
  );

/** A quote of one store order sold for 50.00 EUR: a red dress from CN, landed 36.42 USD. */
function quote(over: Partial<StorePayQuote> = {}, goods = 20): StorePayQuote {
  const total = goods + 3 + 0.4 + 13.02;
  return {
    orders: [
      {
        storeOrderId: 'so-1',
        storeId: 's-1',
        storeName: 'Sandbox shop',
        number: '#1001',
        countryCode: 'JP',
        shipments: [
          {
            key: 'CN',
            warehouse: 'CN',
            method: { code: 'SEA', name: 'Sea line', days: { min: 20, max: 40 }, source: 'preferred' },
            lines: [
              {
                skuId: 7,
                skuCode: 'DRESS-RED',
                title: 'Linen dress',
                image: '',
                count: 2,
                unitPrice: goods / 2,
                lineTotal: goods,
                storeUnitPrice: { amount: 25, currency: 'EUR' },
                fromInventory: false,
              },
            ],
            goods,
            shipping: 3,
            serviceFee: 0.4,
            tax: 13.02,
            total,
          },
        ],
        landed: {
          currency: 'USD',
          goods,
          shipping: 3,
          serviceFee: 0.4,
          tax: 13.02,
          total,
          selling: { amount: 50, currency: 'EUR' },
          sellingUsd: 54.35,
          margin: Math.round((54.35 - total) * 100) / 100,
          marginPercent: Math.round(((54.35 - total) / 54.35) * 1000) / 10,
        },
      },
    ],
    currency: 'USD',
    goods,
    shipping: 3,
    serviceFee: 0.4,
    tax: 13.02,
    total,
    confirmToken: `token-${goods}`,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...over,
  };
}

function api(
  balance: number,
  pay: (body: unknown, key: string | undefined) => Response,
  confirm = () => envelope(quote()),
) {
  const confirms: unknown[] = [];
  fakeApi({
    'POST /api/p/store-orders/pay/confirm': (_url, init) => {
      confirms.push(JSON.parse(String(init.body)));
      return confirm();
    },
    'GET /api/p/wallet': () => envelope(walletRecord(balance)),
    'GET /api/p/recharge/methods': () => envelope(METHODS),
    'POST /api/p/store-orders/pay': (_url, init) =>
      pay(JSON.parse(String(init.body)), headersOf(init)['Idempotency-Key']),
  });
  return confirms;
}

beforeAll(() => Promise.all([loadNamespace('payments'), loadNamespace('recharge')]));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/user/orderpayment', { timeout: 30_000 }, () => {
  it('an order imported without a store price shows no margin rather than a loss', async () => {
    const imported = quote();
    const o = imported.orders[0]!;
    imported.orders[0] = {
      ...o,
      storeId: null,
      storeName: '',
      landed: {
        ...o.landed,
        selling: { amount: 0, currency: 'USD' },
        sellingUsd: null,
        margin: null,
        marginPercent: null,
        sellingGiven: false,
      },
    };
    api(
      500,
      () => envelope({}),
      () => envelope(imported),
    );
    renderPage('?ids=so-1');
    const card = await screen.findByRole('article', { name: 'Store order #1001' });
    expect(card).toHaveTextContent('Excel import · JP');
    expect(card).toHaveTextContent('Store selling price (USD)—');
    expect(screen.getByTestId('margin')).toHaveTextContent('— (no store price given)');
    expect(screen.getByTestId('margin')).not.toHaveTextContent('$');
    expect(screen.getByTestId('margin')).not.toHaveClass('store-pay-gain');
  });

  it('shows the store order, its shipment, the landed cost beside the selling price and the margin, and pays from the wallet', async () => {
    const calls: Array<{ body: unknown; key: string | undefined }> = [];
    const confirms = api(500, (body, key) => {
      calls.push({ body, key });
      return envelope({ payment: orderPayment(), storeOrders: [{ storeOrderId: 'so-1', orderIds: ['o-1'] }] });
    });
    const user = ui();
    const { router } = renderPage('?ids=so-1,so-1');
    const card = await screen.findByRole('article', { name: 'Store order #1001' });
    expect(confirms).toEqual([{ ids: ['so-1'] }]);
    expect(card).toHaveTextContent('From CN by Sea line');
    expect(card).toHaveTextContent('20–40 days · your preferred method');
    expect(card).toHaveTextContent('DRESS-RED × 2 · sold at €25.00');
    expect(screen.getByTestId('landed')).toHaveTextContent('$36.42');
    expect(card).toHaveTextContent('Store selling price (EUR)€50.00 ≈ $54.35');
    expect(screen.getByTestId('margin')).toHaveTextContent('$17.93 (33 %)');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('Available: $500.00');
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$36.42');
    await user.click(screen.getByRole('button', { name: 'Pay from the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paystate'));
    expect(router.state.location.search).toBe('?payment=p-1');
    expect(calls).toEqual([
      { body: { confirmToken: 'token-20', method: 'wallet' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string },
    ]);
  });

  it('a change since the quote shows the new total and pays only on a second click, with a new key', async () => {
    const calls: Array<{ body: unknown; key: string | undefined }> = [];
    api(500, (body, key) => {
      calls.push({ body, key });
      if (calls.length === 1)
        return envelope(
          { reason: 'quote-changed', quote: quote({}, 22) },
          { code: 'A00007', status: 409, msg: 'Prices, stock or shipping changed since the quote' },
        );
      return envelope({ payment: orderPayment(), storeOrders: [] });
    });
    const user = ui();
    const { router } = renderPage();
    await screen.findByRole('article', { name: 'Store order #1001' });
    await user.click(screen.getByRole('button', { name: 'Pay from the wallet' }));
    expect(await screen.findByText('Prices, stock or shipping changed since the quote')).toBeInTheDocument();
    expect(screen.getByText(/The total was \$36\.42 and is now \$38\.42/)).toBeInTheDocument();
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$38.42');
    expect(router.state.location.pathname).toBe('/user/orderpayment');
    await user.click(screen.getByRole('button', { name: 'Confirm the new figures and pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paystate'));
    expect(calls.map((c) => (c.body as { confirmToken: string }).confirmToken)).toEqual(['token-20', 'token-22']);
    expect(calls[0]!.key).not.toBe(calls[1]!.key);
  });

  it("an order that cannot be paid says so in the server's words; no link names nothing", async () => {
    api(
      500,
      () => envelope(null),
      () =>
        envelope(
          { reason: 'store-order-not-payable', storeOrderId: 'so-1' },
          { code: 'A00007', status: 409, msg: 'Store order #1001 cannot be paid: it is already paid' },
        ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Store order #1001 cannot be paid: it is already paid');
    expect(screen.queryByRole('button', { name: 'Pay from the wallet' })).toBeNull();
  });

  it('without ids it points back to the store orders', async () => {
    api(500, () => envelope(null));
    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent('No store order to pay: this link names none.');
    expect(screen.getByRole('link', { name: 'Store orders' })).toHaveAttribute('href', '/user/storeorder');
  });
});
