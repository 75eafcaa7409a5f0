import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { leaveSite } from '../../lib/navigation';
import { session } from '../../lib/session';
import PaymentOrderPage from './payment-order-page';
import { METHODS, headersOf, orderDetail, orderPayment, walletRecord } from '../../test/factories';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const renderPage = (search = '?orders=o-1,o-2') =>
  renderRoutes(
    [
      { path: '/user/paymentorder', element: <PaymentOrderPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/user/paymentorder${search}`,
  );

/** The orders, the wallet and the recharge methods; `pay` answers POST /api/p/order/pay. */
function api(
  balance: number,
  pay: (body: unknown, key: string | undefined) => Response,
  orders = [orderDetail('o-1'), orderDetail('o-2')],
) {
  return fakeApi({
    ...Object.fromEntries(orders.map((o) => [`GET /api/p/orders/${o.id}`, () => envelope(o)])),
    'GET /api/p/wallet': () => envelope(walletRecord(balance)),
    'GET /api/p/recharge/methods': () => envelope(METHODS),
    'POST /api/p/order/pay': (_url, init) => pay(JSON.parse(String(init.body)), headersOf(init)['Idempotency-Key']),
  });
}

beforeAll(() => Promise.all([loadNamespace('payments'), loadNamespace('recharge')]));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('order confirmation and payment choice', { timeout: 30_000 }, () => {
  it('lists the orders with their pay-by time, the balance, and pays from the wallet → /user/paystate', async () => {
    sessionStorage.setItem(
      'orders.payBy',
      JSON.stringify({ 'o-1': new Date(Date.now() + 14 * 60_000 + 30_000).toISOString() }),
    );
    const calls: Array<{ body: unknown; key: string | undefined }> = [];
    api(500, (body, key) => {
      calls.push({ body, key });
      return envelope(orderPayment());
    });
    const user = ui();
    const { router } = renderPage();
    const first = await screen.findByTestId('pay-order-O-o-1');
    expect(first).toHaveTextContent('Order O-o-1');
    expect(first).toHaveTextContent('Desk lamp and 1 more · items: 3');
    expect(first).toHaveTextContent(/\(14:\d\d left\), or the stock is released/);
    expect(first).toHaveTextContent('$60.00');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('Available: $500.00');
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$120.00');
    await user.click(screen.getByRole('button', { name: 'Pay from the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paystate'));
    expect(router.state.location.search).toBe('?payment=p-1');
    expect(calls).toEqual([
      { body: { orderIds: ['o-1', 'o-2'], method: 'wallet' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string },
    ]);
  });

  it('PayPal shows its fee by the recharge fee rule and goes to the approve page', async () => {
    const go = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const calls: unknown[] = [];
    api(500, (body) => {
      calls.push(body);
      return envelope(
        orderPayment({ method: 'paypal', outcome: 'pending', approveUrl: 'https://paypal.example/approve/1' }),
      );
    });
    const user = ui();
    renderPage();
    const paypal = await screen.findByTestId('paypal-fee');
    // 120 × 4.4 % + 0.30 = 5.58
    expect(paypal).toHaveTextContent('PayPal fee $5.58 (4.4% of the amount + $0.30): you pay $125.58');
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$125.58');
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://paypal.example/approve/1'));
    expect(calls).toEqual([{ orderIds: ['o-1', 'o-2'], method: 'paypal' }]);
  });

  it('a short wallet says what is missing; a refused pay shows the message and a retry sends the same key', async () => {
    const keys: Array<string | undefined> = [];
    api(100, (_body, key) => {
      keys.push(key);
      return keys.length === 1
        ? envelope(null, { code: 'A00001', msg: 'Interface error, please contact the administrator', status: 422 })
        : envelope(orderPayment({ outcome: 'insufficient-balance' }));
    });
    const user = ui();
    const { router } = renderPage();
    expect(await screen.findByText(/\$20\.00 is missing: the available amount is locked/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay from the wallet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Interface error, please contact the administrator');
    await user.click(screen.getByRole('button', { name: 'Pay from the wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paystate'));
    expect(keys[1]).toBe(keys[0]);
  });

  it('an order no longer awaiting payment is shown, not paid; no order in the link is said', async () => {
    const calls: Array<{ orderIds: string[] }> = [];
    api(
      500,
      (body) => {
        calls.push(body as { orderIds: string[] });
        return envelope(orderPayment());
      },
      [orderDetail('o-1'), orderDetail('o-2', { state: 'pending' })],
    );
    const user = ui();
    const view = renderPage();
    expect(
      within(await screen.findByTestId('pay-order-O-o-2')).getByText('Not to pay: paid, pending purchase'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$60.00');
    await user.click(screen.getByRole('button', { name: 'Pay from the wallet' }));
    await waitFor(() => expect(calls).toEqual([{ orderIds: ['o-1'], method: 'wallet' }]));
    view.unmount();

    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent('No order to pay');
  });
});

describe('a bulk order from the operator amount on: two parts or in full (decision 0145)', { timeout: 30_000 }, () => {
  const offer = {
    orderId: 'o-1',
    offer: { percent: 30, deposit: 180, balance: 420 },
    state: null,
    percent: null,
    deposit: 0,
    balance: 0,
    paid: 0,
    due: 0,
  };

  it('offers "Pay 30 % now" beside "Pay in full", states the rule, and pays the deposit from the wallet', async () => {
    const deposits: Array<{ body: unknown; key: string | undefined }> = [];
    const pays: unknown[] = [];
    fakeApi({
      'GET /api/p/orders/o-1': () => envelope(orderDetail('o-1', { purchaseType: 'bulk', total: 600 })),
      'GET /api/p/order/o-1/two-parts': () => envelope(offer),
      'GET /api/p/wallet': () => envelope(walletRecord(200)),
      'GET /api/p/recharge/methods': () => envelope(METHODS),
      'POST /api/p/order/pay': (_url, init) => {
        pays.push(JSON.parse(String(init.body)));
        return envelope(orderPayment());
      },
      'POST /api/p/order/o-1/deposit': (_url, init) => {
        deposits.push({ body: JSON.parse(String(init.body)), key: headersOf(init)['Idempotency-Key'] });
        return envelope({ ...offer, offer: null, state: 'deposit-paid', percent: 30, deposit: 180, balance: 420 });
      },
    });
    const user = ui();
    const { router } = renderPage('?orders=o-1');
    const now = await screen.findByRole('radio', { name: /Pay 30 % now: \$180\.00/ });
    const full = screen.getByRole('radio', { name: /Pay in full: \$600\.00/ });
    // In full stays the default, as before; the wallet's 200 does not cover it.
    expect(full).toBeChecked();
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$600.00');
    expect(screen.queryByText(/the deposit is no longer returned/)).not.toBeInTheDocument();

    await user.click(now);
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$180.00');
    expect(screen.getByText(/then \$420\.00 from your wallet when the goods are purchased/)).toBeInTheDocument();
    // What happens to the deposit after purchase, said before paying.
    expect(screen.getByText(/Once they are purchased the deposit is no longer returned/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay the deposit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/storeorder'));
    expect(router.state.location.search).toBe('?order=o-1');
    expect(deposits).toEqual([
      {
        body: { method: 'wallet', percent: 30 },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      },
    ]);
    expect(pays).toEqual([]);
  });

  it('the deposit by PayPal: its fee on the deposit, then the approve page', async () => {
    const go = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/p/orders/o-1': () => envelope(orderDetail('o-1', { purchaseType: 'bulk', total: 600 })),
      'GET /api/p/order/o-1/two-parts': () => envelope(offer),
      'GET /api/p/wallet': () => envelope(walletRecord(0)),
      'GET /api/p/recharge/methods': () => envelope(METHODS),
      'POST /api/p/order/o-1/deposit/paypal': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return envelope(
          orderPayment({ method: 'paypal', outcome: 'pending', amount: 180, approveUrl: 'https://paypal.example/d/1' }),
        );
      },
    });
    const user = ui();
    renderPage('?orders=o-1');
    await user.click(await screen.findByRole('radio', { name: /Pay 30 % now/ }));
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    // 180 × 4.4 % + 0.30 = 8.22
    expect(screen.getByTestId('pay-total')).toHaveTextContent('$188.22');
    await user.click(screen.getByRole('button', { name: 'Pay the deposit' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://paypal.example/d/1'));
    expect(bodies).toEqual([{ percent: 30 }]);
  });

  it('an order not offered two parts shows no choice and pays in full', async () => {
    fakeApi({
      'GET /api/p/orders/o-1': () => envelope(orderDetail('o-1', { purchaseType: 'bulk', total: 600 })),
      'GET /api/p/order/o-1/two-parts': () => envelope({ ...offer, offer: null }),
      'GET /api/p/wallet': () => envelope(walletRecord(700)),
      'GET /api/p/recharge/methods': () => envelope(METHODS),
    });
    renderPage('?orders=o-1');
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('$600.00');
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByRole('radio', { name: /now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay from the wallet' })).toBeEnabled();
  });
});
