import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminOrder } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import AdminOrdersPage from './orders-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ORDER: AdminOrder = {
  id: 'o-9',
  number: 'O00000009',
  source: 'catalogue',
  state: 'purchasing',
  abnormal: false,
  abnormalReason: null,
  parentOrderId: null,
  itemCount: 3,
  lineCount: 2,
  firstLine: { title: 'Wireless earbuds', image: '', specs: {} },
  goods: 34.99,
  shipping: 7,
  serviceFee: 1,
  tax: 7,
  discount: 0,
  total: 49.99,
  shippingMethodName: 'Express',
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-03-14T09:30:00.000Z',
  paidAt: '2026-03-14T10:00:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  trashedAt: null,
  actions: ['ship', 'mark-abnormal'],
  userId: 'u-1',
  userEmail: 'ada@example.com',
};
const page = (records: AdminOrder[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

beforeAll(async () => {
  await loadNamespace('admin');
  await loadNamespace('orders');
  await loadNamespace('pricing');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('operator orders console (/admin/orders)', { timeout: 30_000 }, () => {
  it('opens on the pending queue, filters by state, and ships with a carrier and tracking number', async () => {
    const states: string[] = [];
    const shipped: unknown[] = [];
    let moved = false;
    fakeApi({
      'GET /api/admin/orders': (url) => {
        states.push(url.searchParams.get('state') ?? '');
        const records =
          url.searchParams.get('state') === 'purchasing'
            ? [moved ? { ...ORDER, state: 'shipped' as const, actions: [] } : ORDER]
            : [];
        return envelope(page(records));
      },
      'POST /api/admin/orders/o-9/ship': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { trackingNumber: string };
        shipped.push(body);
        if (body.trackingNumber.length < 5) {
          return envelope([{ field: 'trackingNumber', message: 'The tracking number looks wrong' }], {
            code: 'A00002',
            msg: 'Invalid',
            status: 400,
          });
        }
        moved = true;
        return envelope({ ...ORDER, state: 'shipped' });
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], '/admin/orders');
    await waitFor(() => expect(states).toContain('pending'));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('combobox', { name: 'Orders to show' }));
    await user.click(await screen.findByTitle('Purchasing'));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('$49.99')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start purchasing order O00000009' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ship order O00000009' }));
    const dialog = (await screen.findByText('Ship order O00000009', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Enter the carrier')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the tracking number')).toBeInTheDocument();
    expect(shipped).toEqual([]);

    await user.type(within(dialog).getByLabelText('Carrier'), 'DHL');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'JD1');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('The tracking number looks wrong')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Tracking number'), '23456');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(shipped[1]).toEqual({ carrier: 'DHL', trackingNumber: 'JD123456' }));
    expect(await screen.findByText('Order O00000009 is shipped')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ship order O00000009' })).not.toBeInTheDocument());
  });

  it('raises a price difference on a pending order from its row', async () => {
    const raised: unknown[] = [];
    const pending = {
      ...ORDER,
      state: 'pending' as const,
      actions: ['purchase', 'raise-price-difference', 'mark-abnormal'] as AdminOrder['actions'],
    };
    fakeApi({
      'GET /api/admin/orders': () =>
        envelope(page([raised.length ? { ...pending, actions: ['mark-abnormal'] as AdminOrder['actions'] } : pending])),
      'POST /api/admin/orders/o-9/price-difference': (_url, init) => {
        raised.push(JSON.parse(String(init.body)));
        return envelope({ id: 'pd-1' });
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], '/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Raise a price difference on order O00000009' }));
    const dialog = (
      await screen.findByText('Raise a price difference on order O00000009', { selector: '.ant-modal-title' })
    ).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '12.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'The supplier raised the price');
    await user.click(within(dialog).getByRole('button', { name: 'Raise price difference' }));
    await waitFor(() => expect(raised).toEqual([{ amount: 12.5, reason: 'The supplier raised the price' }]));
    expect(await screen.findByText('Price difference raised on order O00000009')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Raise a price difference on order O00000009' }),
      ).not.toBeInTheDocument(),
    );
  });
});
