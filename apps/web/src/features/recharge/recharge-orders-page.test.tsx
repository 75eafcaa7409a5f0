globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import RechargeOrdersPage from './recharge-orders-page';
import { ORDER_ID, order } from '../../test/factories';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

const ORDERS = [
  order(),
  order({
    id: 'o-2',
    number: 'R20261123-000099',
    state: 'closed',
    closeReason: 'rejected',
    note: 'The amount on the slip does not match',
    slip: {
      fileName: 'transfer.pdf',
      contentType: 'application/pdf',
      size: 2048,
      uploadedAt: '2026-11-23T10:00:00.000Z',
    },
  }),
  order({ id: 'o-3', number: 'R20261122-000050', state: 'pending', method: 'paypal', fee: 4.7, total: 104.7 }),
];

beforeAll(() => loadNamespace('recharge'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('recharge orders', { timeout: 30_000 }, () => {
  it('lists orders with state, note and slip; the state filter changes the query; Pay opens the payment', async () => {
    const fetchMock = fakeApi({
      'GET /api/p/recharges': (url) => {
        const state = url.searchParams.get('state');
        const records = ORDERS.filter((o) => state === 'all' || o.state === state);
        return envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
      },
    });
    const user = ui();
    const { router } = renderRoutes(
      [
        { path: '/user/rechargeorder', element: <RechargeOrdersPage /> },
        { path: '/user/payment', element: <p>payment page</p> },
      ],
      '/user/rechargeorder',
    );

    const row = async (number: string) => (await screen.findByText(number)).closest('tr')!;
    const rejected = await row('R20261123-000099');
    expect(within(rejected).getByText('Closed')).toBeInTheDocument();
    expect(within(rejected).getByText('The amount on the slip does not match')).toBeInTheDocument();
    expect(within(rejected).getByText('Slip: transfer.pdf')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(await row('R20261122-000050')).getByText('$104.70')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/p/recharges?state=all&current=1&size=10')).toBe(
      true,
    );

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByText('R20261123-000099')).not.toBeInTheDocument());
    expect(screen.getByText('R20261122-000050')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url) === '/api/p/recharges?state=pending&current=1&size=10'),
    ).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Awaiting payment' }));
    await user.click(await screen.findByRole('button', { name: 'Pay R20261124-000123' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?recharge=${ORDER_ID}`));
    expect(router.state.location.pathname).toBe('/user/payment');
  });
});
