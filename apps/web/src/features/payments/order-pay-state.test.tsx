// jsdom lacks ResizeObserver; antd's pop-up confirmation measures itself with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { OrderPayment } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PayStatePage from './order-pay-state';
import { ORDER_ID, headersOf, order, orderPayment } from '../../test/factories';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const renderPage = (search = '?payment=p-1') =>
  renderRoutes(
    [
      { path: '/user/paystate', element: <PayStatePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/user/paystate${search}`,
  );
const link = (name: string) => screen.getByRole('link', { name });
const unpaid = (over: Partial<OrderPayment>) =>
  orderPayment({
    orders: [
      { id: 'o-1', number: 'O-o-1', state: 'awaiting-payment', total: 60 },
      { id: 'o-2', number: 'O-o-2', state: 'awaiting-payment', total: 60 },
    ],
    completedAt: null,
    ...over,
  });

beforeAll(() => Promise.all([loadNamespace('payments'), loadNamespace('recharge')]));
beforeEach(() =>
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } }),
);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/user/paystate for an order payment', { timeout: 30_000 }, () => {
  it('polls while pending, then shows success with the orders and the invoices', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/p/order/payments/p-1': () => {
        reads += 1;
        return envelope(reads < 2 ? unpaid({ outcome: 'pending' }) : orderPayment());
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/\$120\.00 paid\. Your orders are now pending/)).toBeInTheDocument();
    expect(screen.getByText('Payment P00000042: $120.00')).toBeInTheDocument();
    expect(screen.getByText('Orders (2): O-o-1, O-o-2')).toBeInTheDocument();
    expect(link('My orders')).toHaveAttribute('href', '/user/storeorder');
    expect(link('Invoices')).toHaveAttribute('href', '/user/downloadinvoice');
  });

  it('insufficient balance: what is locked and missing, top up that amount, or cancel the payment', async () => {
    const cancels: Array<string | undefined> = [];
    fakeApi({
      'GET /api/p/order/payments/p-1': () =>
        envelope(unpaid({ outcome: 'insufficient-balance', locked: 107.5, shortfall: 12.5 })),
      'POST /api/p/order/payments/p-1/cancel': (_url, init) => {
        cancels.push(headersOf(init)['Idempotency-Key']);
        return envelope(unpaid({ outcome: 'failed', reason: 'The payment was cancelled' }));
      },
    });
    const user = ui();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Insufficient balance' })).toBeInTheDocument();
    expect(
      screen.getByText(/\$107\.50 of your wallet is locked for these orders and \$12\.50 is missing/),
    ).toBeInTheDocument();
    expect(link('Top up $12.50')).toHaveAttribute('href', '/user/recharge?amount=12.50');
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(cancels).toHaveLength(1);
    expect(screen.getByText('Note: The payment was cancelled')).toBeInTheDocument();
    expect(link('Try again')).toHaveAttribute('href', '/user/paymentorder?orders=o-1,o-2');
  });

  it('failed shows the reason and the way back to paying; error says nothing was charged', async () => {
    fakeApi({
      'GET /api/p/order/payments/p-1': () =>
        envelope(unpaid({ outcome: 'failed', method: 'paypal', reason: 'PayPal refused the payment' })),
    });
    const view = renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('Note: PayPal refused the payment')).toBeInTheDocument();
    expect(link('Try again')).toHaveAttribute('href', '/user/paymentorder?orders=o-1,o-2');
    view.unmount();

    fakeApi({
      'GET /api/p/order/payments/p-1': () =>
        envelope(unpaid({ outcome: 'error', reason: 'The provider did not answer' })),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment error' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(link('Check your wallet')).toHaveAttribute('href', '/user/walletBalance');
  });

  it('pending at PayPal offers to continue there; an unknown payment is said', async () => {
    fakeApi({
      'GET /api/p/order/payments/p-1': () =>
        envelope(unpaid({ outcome: 'pending', method: 'paypal', approveUrl: 'https://paypal.example/a' })),
    });
    const view = renderPage();
    expect(await screen.findByText('Approve the payment at PayPal to finish it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to PayPal' })).toBeInTheDocument();
    view.unmount();

    fakeApi({});
    renderPage('?payment=nope');
    expect(await screen.findByRole('heading', { name: 'This payment does not exist' })).toBeInTheDocument();
  });

  it('back from PayPal: captures the approved recharge once with a key from its token, then shows the paid orders', async () => {
    let captured = false;
    const keys: string[] = [];
    fakeApi({
      [`POST /api/p/recharges/${ORDER_ID}/paypal/capture`]: (_url, init) => {
        keys.push(headersOf(init)['Idempotency-Key']!);
        captured = true;
        return envelope(order({ state: 'completed', method: 'paypal' }));
      },
      'GET /api/p/order/payments/p-1': () =>
        envelope(captured ? orderPayment() : unpaid({ outcome: 'pending', method: 'paypal' })),
    });
    renderPage(`?payment=p-1&recharge=${ORDER_ID}&token=T7&PayerID=P1`);
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(keys).toEqual([`paypal-capture:${ORDER_ID}:T7`]);
  });

  it('cancelled at PayPal: captures nothing, the payment stays pending with the way back to PayPal', async () => {
    let captures = 0;
    fakeApi({
      [`POST /api/p/recharges/${ORDER_ID}/paypal/capture`]: () => {
        captures += 1;
        return envelope(order({ state: 'completed', method: 'paypal' }));
      },
      'GET /api/p/order/payments/p-1': () =>
        envelope(unpaid({ outcome: 'pending', method: 'paypal', approveUrl: 'https://paypal.example/a' })),
    });
    renderPage(`?payment=p-1&recharge=${ORDER_ID}&token=T7&cancelled=1`);
    expect(await screen.findByRole('button', { name: 'Continue to PayPal' })).toBeInTheDocument();
    expect(captures).toBe(0);
  });
});
