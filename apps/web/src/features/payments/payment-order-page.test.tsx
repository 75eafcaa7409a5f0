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
