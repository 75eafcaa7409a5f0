import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import RechargePage from './recharge-page';
import { METHODS, ORDER_ID, headersOf, order } from '../../test/factories';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

function renderRecharge(path = '/user/recharge') {
  return renderRoutes(
    [
      { path: '/user/recharge', element: <RechargePage /> },
      { path: '/user/payment', element: <p>payment page</p> },
    ],
    path,
  );
}

const preview = () => screen.getByRole('region', { name: 'What you will pay' });

beforeAll(() => loadNamespace('recharge'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('recharge page', { timeout: 30_000 }, () => {
  it('shows each method with its fee rule, the sandbox notice, and the fee and total before confirming', async () => {
    fakeApi({ 'GET /api/p/recharge/methods': () => envelope(METHODS) });
    const user = ui();
    renderRecharge();

    expect(await screen.findByRole('heading', { level: 1, name: 'Recharge your wallet' })).toBeInTheDocument();
    expect(
      await screen.findByText('Sandbox: payments go to a local test provider, no real money moves.'),
    ).toBeInTheDocument();
    expect(screen.getByText('From $10.00 to $50,000.00.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'PayPal 4.4% of the amount + $0.30' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card 2.9% of (amount + $0.50) + $0.50' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bank transfer No fee' })).toBeInTheDocument();
    expect(within(preview()).getByText('Enter an amount to see the fee and the total.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await waitFor(() => expect(within(preview()).getByText('$104.70')).toBeInTheDocument());
    expect(within(preview()).getByText('$4.70')).toBeInTheDocument();
    expect(within(preview()).getByText('$100.00')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Card/ }));
    await waitFor(() => expect(within(preview()).getByText('$3.42')).toBeInTheDocument());
    expect(within(preview()).getByText('$103.42')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
    await waitFor(() => expect(within(preview()).getByText('$0.00')).toBeInTheDocument());
  });

  it('refuses an amount below the minimum without calling the server', async () => {
    const fetchMock = fakeApi({ 'GET /api/p/recharge/methods': () => envelope(METHODS) });
    const user = ui();
    renderRecharge();
    await user.type(await screen.findByLabelText('Amount (USD)'), '9.99');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The minimum recharge is $10.00.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates the order with an idempotency key, the same for a double click, and opens its payment page', async () => {
    const posts: Array<{ body: unknown; key: string | undefined }> = [];
    const fetchMock = fakeApi({
      'GET /api/p/recharge/methods': () => envelope(METHODS),
      'POST /api/p/recharges': async (_url, init) => {
        posts.push({ body: JSON.parse(String(init.body)), key: headersOf(init)['Idempotency-Key'] });
        await new Promise((r) => setTimeout(r, 50));
        return envelope(order({ method: 'bank' }));
      },
    });
    const user = ui();
    const { router } = renderRecharge('/user/recharge?amount=25.5');
    const amount = await screen.findByLabelText('Amount (USD)');
    expect(amount).toHaveValue('25.50');
    await user.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
    await user.dblClick(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payment'));
    expect(router.state.location.search).toBe(`?recharge=${ORDER_ID}`);
    expect(posts[0]).toEqual({ body: { amount: 25.5, method: 'bank' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(new Set(posts.map((p) => p.key)).size).toBe(1);
    expect(fetchMock).toHaveBeenCalled();
  });

  it("shows the server's field errors under the fields", async () => {
    fakeApi({
      'GET /api/p/recharge/methods': () => envelope(METHODS),
      'POST /api/p/recharges': () =>
        envelope([{ field: 'method', message: 'This payment method is not available at the moment' }], {
          code: 'A00002',
          msg: 'invalid',
        }),
    });
    const user = ui();
    renderRecharge();
    await user.type(await screen.findByLabelText('Amount (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This payment method is not available at the moment')).toBeInTheDocument();
  });
});
