import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PayStatePage, { POLL_LIMIT_MS } from './pay-state-page';
import PaypalStatusPage from './paypal-status-page';
import { ORDER_ID, headersOf, order } from '../../test/factories';

const ORDER_URL = `/api/p/recharges/${ORDER_ID}`;

function renderReturn(path: string) {
  return renderRoutes(
    [
      { path: '/paypalstatus', element: <PaypalStatusPage /> },
      { path: '/user/paystate', element: <PayStatePage /> },
      { path: '/user/payconfirmation', element: <p>confirmation page</p> },
    ],
    path,
  );
}
const where = (router: ReturnType<typeof renderRoutes>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeAll(() => loadNamespace('recharge'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PayPal return (/paypalstatus)', { timeout: 30_000 }, () => {
  it('cancelled at PayPal: says so, captures nothing, links back to the payment', async () => {
    const fetchMock = fakeApi();
    renderReturn(`/paypalstatus?recharge=${ORDER_ID}&token=T1&cancelled=1`);
    expect(await screen.findByRole('heading', { name: 'PayPal payment cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the payment' })).toHaveAttribute(
      'href',
      `/user/payment?recharge=${ORDER_ID}`,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/capture'))).toBe(false);
  });

  it('approved: captures once with a key from the order and the token, then follows the order to its confirmation', async () => {
    const keys: string[] = [];
    let state: 'paid' | 'completed' = 'paid';
    fakeApi({
      [`POST ${ORDER_URL}/paypal/capture`]: (_url, init) => {
        keys.push(headersOf(init)['Idempotency-Key']!);
        return envelope(order({ method: 'paypal', state }));
      },
      [`GET ${ORDER_URL}`]: () => {
        const answer = envelope(order({ method: 'paypal', state }));
        state = 'completed';
        return answer;
      },
    });
    const { router } = renderReturn(`/paypalstatus?recharge=${ORDER_ID}&token=T1&PayerID=P1`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paystate'));
    expect(await screen.findByText('Paid — adding it to your wallet…')).toBeInTheDocument();
    await waitFor(() => expect(where(router)).toBe(`/user/payconfirmation?recharge=${ORDER_ID}`), { timeout: 5000 });
    expect(keys).toEqual([`paypal-capture:${ORDER_ID}:T1`]);
  });

  it('refused by the provider: "Recharge failed, please contact us" with the contact link', async () => {
    fakeApi({
      [`POST ${ORDER_URL}/paypal/capture`]: () =>
        envelope({ reason: 'recharge-failed' }, { code: 'A00001', msg: 'Recharge failed, please contact us' }),
    });
    renderReturn(`/paypalstatus?recharge=${ORDER_ID}&token=T1&PayerID=P1`);
    expect(await screen.findByRole('heading', { name: 'Recharge failed, please contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contanctus');
  });
});

describe('payment state (/user/paystate)', { timeout: 30_000 }, () => {
  it('confirms a returning card order once, then goes to the confirmation when completed', async () => {
    let state: 'awaiting-payment' | 'completed' = 'awaiting-payment';
    const confirms: string[] = [];
    fakeApi({
      [`GET ${ORDER_URL}`]: () => envelope(order({ method: 'card', state })),
      [`POST ${ORDER_URL}/card/confirm`]: (_url, init) => {
        confirms.push(headersOf(init)['Idempotency-Key']!);
        state = 'completed';
        return envelope(order({ method: 'card', state: 'paid' }));
      },
    });
    const { router } = renderReturn(`/user/paystate?recharge=${ORDER_ID}&session_id=cs_1`);
    await waitFor(() => expect(where(router)).toBe(`/user/payconfirmation?recharge=${ORDER_ID}`), { timeout: 5000 });
    expect(confirms).toEqual([`card-confirm:${ORDER_ID}:cs_1`]);
  });

  it('gives up waiting after about a minute and shows the confirmation page (pending)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ [`GET ${ORDER_URL}`]: () => envelope(order({ method: 'paypal', state: 'pending' })) });
    const { router } = renderReturn(`/user/paystate?recharge=${ORDER_ID}`);
    expect(await screen.findByText('The provider is processing your payment…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_LIMIT_MS + 100);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payconfirmation'));
  });
});
