import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { RechargeMethodName } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { leaveSite } from '../../lib/navigation';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PaymentPage from './payment-page';
import PaypalPage from './paypal-page';
import { ORDER_ID, headersOf, order } from '../../test/factories';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const ORDER_URL = `/api/p/recharges/${ORDER_ID}`;

function renderPayment(search = `?recharge=${ORDER_ID}`) {
  return renderRoutes(
    [
      { path: '/user/payment', element: <PaymentPage /> },
      { path: '/paypal', element: <PaypalPage /> },
      { path: '/user/paymoney', element: <p>bank transfer page</p> },
      { path: '/user/payconfirmation', element: <p>confirmation page</p> },
    ],
    `/user/payment${search}`,
  );
}

beforeAll(() => loadNamespace('recharge'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const where = (router: ReturnType<typeof renderRoutes>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('payment page', { timeout: 30_000 }, () => {
  it('shows the order summary before paying', async () => {
    fakeApi({ [`GET ${ORDER_URL}`]: () => envelope(order({ method: 'paypal', fee: 4.7, total: 104.7 })) });
    renderPayment();
    expect(await screen.findByText('R20261124-000123')).toBeInTheDocument();
    expect(screen.getByText('$104.70')).toBeInTheDocument();
    expect(screen.getByText('$4.70')).toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByText('Pay before')).toBeInTheDocument();
  });

  it.each<[RechargeMethodName, string, string]>([
    ['paypal', 'Pay now with PayPal', `/paypal?recharge=${ORDER_ID}`],
    ['bank', 'Pay now by bank transfer', `/user/paymoney?recharge=${ORDER_ID}`],
  ])('%s: "Pay now" opens the next page of the method', async (method, button, next) => {
    fakeApi({
      [`GET ${ORDER_URL}`]: () => envelope(order({ method })),
      [`POST ${ORDER_URL}/checkout`]: () => envelope({ redirectUrl: 'https://paypal.example/checkoutnow?token=T1' }),
    });
    vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const { router } = renderPayment();
    await ui().click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(where(router)).toBe(next));
  });

  it('card: "Pay now" asks for the checkout page and leaves for it', async () => {
    let key: string | undefined;
    fakeApi({
      [`GET ${ORDER_URL}`]: () => envelope(order({ method: 'card', fee: 3.42, total: 103.42 })),
      [`POST ${ORDER_URL}/checkout`]: (_url, init) => {
        key = headersOf(init)['Idempotency-Key'];
        return envelope({ redirectUrl: 'https://checkout.example/c/pay/cs_1' });
      },
    });
    const leave = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    renderPayment();
    await ui().click(await screen.findByRole('button', { name: 'Pay now by card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_1'));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says a payment cancelled at the provider can be retried', async () => {
    fakeApi({ [`GET ${ORDER_URL}`]: () => envelope(order({ method: 'card' })) });
    renderPayment(`?recharge=${ORDER_ID}&cancelled=1`);
    expect(
      await screen.findByText('The payment was cancelled. Nothing was charged; you can try again.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay now by card' })).toBeEnabled();
  });

  it('cancels the order after a confirmation', async () => {
    let current = order({ method: 'bank' });
    const fetchMock = fakeApi({
      [`GET ${ORDER_URL}`]: () => envelope(current),
      [`POST ${ORDER_URL}/cancel`]: () => {
        current = order({
          state: 'closed',
          closeReason: 'cancelled',
          closedAt: '2026-11-24T11:00:00.000Z',
          expiresAt: null,
        });
        return envelope(current);
      },
    });
    const user = ui();
    renderPayment();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Cancel recharge order R20261124-000123?').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order is no longer waiting for payment (state: Closed).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the result' })).toHaveAttribute(
      'href',
      `/user/payconfirmation?recharge=${ORDER_ID}`,
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel'))).toHaveLength(1);
  });
});

describe('/paypal', { timeout: 30_000 }, () => {
  it('asks for the approve link once and leaves for it; on an error offers Retry and the orders', async () => {
    let fail = true;
    const keys: string[] = [];
    fakeApi({
      [`POST ${ORDER_URL}/checkout`]: (_url, init) => {
        keys.push(headersOf(init)['Idempotency-Key']!);
        return fail
          ? envelope(
              { reason: 'provider-unavailable' },
              { code: 'A00001', msg: 'The payment provider cannot be reached right now.' },
            )
          : envelope({ redirectUrl: 'https://paypal.example/checkoutnow?token=T1' });
      },
    });
    const leave = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    renderRoutes([{ path: '/paypal', element: <PaypalPage /> }], `/paypal?recharge=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'PayPal could not be opened' })).toBeInTheDocument();
    expect(screen.getByText('The payment provider cannot be reached right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recharge orders' })).toHaveAttribute('href', '/user/rechargeorder');
    fail = false;
    await ui().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://paypal.example/checkoutnow?token=T1'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
