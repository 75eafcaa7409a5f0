import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PayStatePage from './pay-state-page';
import { ORDER_ID, order, orderPayment } from '../../test/factories';

const renderPage = (search: string) =>
  renderRoutes(
    [
      { path: '/user/paystate', element: <PayStatePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/user/paystate${search}`,
  );

beforeAll(() => Promise.all([loadNamespace('payments'), loadNamespace('recharge')]));
beforeEach(() =>
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } }),
);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/user/paystate chooses by its parameter', { timeout: 30_000 }, () => {
  it('an order payment (?payment=) shows its outcome', async () => {
    fakeApi({ 'GET /api/p/order/payments/p-1': () => envelope(orderPayment()) });
    renderPage('?payment=p-1');
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  });

  it('a recharge (?recharge=) still goes to its confirmation once final', async () => {
    fakeApi({ [`GET /api/p/recharges/${ORDER_ID}`]: () => envelope(order({ state: 'completed', method: 'paypal' })) });
    const { router } = renderPage(`?recharge=${ORDER_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payconfirmation'));
  });
});
