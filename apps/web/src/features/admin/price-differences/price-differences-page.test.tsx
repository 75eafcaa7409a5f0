import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPriceDifference } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import PriceDifferencesPage from './price-differences-page';
import { RaisePriceDifferenceDialog } from './raise-price-difference-dialog';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const DUE: AdminPriceDifference = {
  id: '11111111-1111-4111-8111-111111111111',
  orderId: 'o-1',
  orderNumber: 'O00000042',
  amount: 12.5,
  reason: 'Supplier price rose',
  state: 'due',
  createdAt: '2026-11-24T09:00:00.000Z',
  paidAt: null,
  cancelledAt: null,
  cancelReason: null,
  userId: 'u-2',
  userEmail: 'ada@example.com',
};
const page = (records: AdminPriceDifference[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

beforeAll(async () => {
  await Promise.all([loadNamespace('pricing'), loadNamespace('admin')]);
});
beforeEach(() => session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } }));
afterEach(() => vi.unstubAllGlobals());

describe('/admin/price-differences', { timeout: 30_000 }, () => {
  it('raises a difference by order number, lists it with the user, and cancels it after confirming', async () => {
    let rows: AdminPriceDifference[] = [];
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/admin/price-differences': () => envelope(page(rows)),
      'POST /api/admin/price-differences': (_url, init) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        rows = [{ ...DUE, orderNumber: body.orderNumber, amount: body.amount, reason: body.reason }];
        return envelope(rows[0]);
      },
      [`POST /api/admin/price-differences/${DUE.id}/cancel`]: () => {
        rows = [{ ...rows[0]!, state: 'cancelled', cancelledAt: '2026-11-24T10:00:00.000Z' }];
        return envelope(rows[0]);
      },
    });
    renderRoutes([{ path: '/admin/price-differences', element: <PriceDifferencesPage /> }], '/admin/price-differences');
    expect(await screen.findByRole('heading', { name: 'Price differences' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Order number'), 'O00000042');
    await userEvent.type(screen.getByLabelText('Amount (USD)'), '12.5');
    await userEvent.type(screen.getByLabelText('Reason'), 'Supplier price rose');
    await userEvent.click(screen.getByRole('button', { name: 'Raise price difference' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ orderNumber: 'O00000042', amount: 12.5, reason: 'Supplier price rose' }]),
    );

    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(within(row).getByText('$12.50')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel the price difference of order O00000042' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel difference' }));
    await waitFor(() =>
      expect(within(screen.getByText('ada@example.com').closest('tr')!).getByText('Cancelled')).toBeInTheDocument(),
    );
  });

  it('the orders console dialog raises on one order and checks the amount', async () => {
    const sent: unknown[] = [];
    fakeApi({
      'POST /api/admin/orders/o-9/price-difference': (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return envelope({ ...DUE, orderId: 'o-9', orderNumber: 'O00000009' });
      },
    });
    const closed: boolean[] = [];
    renderRoutes([
      {
        path: '/',
        element: (
          <RaisePriceDifferenceDialog order={{ id: 'o-9', number: 'O00000009' }} onClose={(r) => closed.push(r)} />
        ),
      },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Raise a price difference on order O00000009' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise price difference' }));
    expect(await within(dialog).findAllByText('Please fill in this field')).not.toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '3');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Freight rose');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise price difference' }));
    await waitFor(() => expect(closed).toEqual([true]));
    expect(sent).toEqual([{ amount: 3, reason: 'Freight rose' }]);
  });
});
