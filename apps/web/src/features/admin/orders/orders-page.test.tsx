import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminOrder, OrderDetail } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { detail } from '../../../test/factories';
import { phoneScreen } from '../../../test/screen-width';
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
const PENDING: AdminOrder = {
  ...ORDER,
  state: 'pending',
  actions: ['purchase', 'raise-price-difference', 'mark-abnormal'],
};
const SHIPPED: AdminOrder = {
  ...ORDER,
  state: 'shipped',
  carrier: 'DHL',
  trackingNumber: 'JD123456',
  actions: ['deliver'],
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

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const moved = (over: Partial<AdminOrder>): OrderDetail => ({ ...detail('o-9'), ...ORDER, ...over });
/** The notice above the list that says where an order went. */
const noticeOf = async (text: RegExp) => (await screen.findByText(text)).closest('.ant-alert') as HTMLElement;
const shipDialog = async () =>
  (await screen.findByText('Ship order O00000009', { selector: '.ant-modal-title' })).closest(
    '.ant-modal',
  ) as HTMLElement;

describe('operator orders console (/admin/orders)', { timeout: 60_000 }, () => {
  it('ships with the carrier prefilled from the order, errors that clear once the fields are filled, and a tracking number the server refuses', async () => {
    const states: string[] = [];
    const shipped: unknown[] = [];
    let after = false;
    fakeApi({
      'GET /api/admin/orders': (url) => {
        states.push(url.searchParams.get('state') ?? '');
        const state = url.searchParams.get('state');
        const records = state === 'purchasing' && !after ? [ORDER] : state === 'shipped' && after ? [SHIPPED] : [];
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
        after = true;
        return envelope(moved(SHIPPED));
      },
    });
    const user = ui();
    const { router } = renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], '/admin/orders');
    await waitFor(() => expect(states).toContain('pending'));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('combobox', { name: 'Orders to show' }));
    await user.click(await screen.findByTitle('Purchasing'));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=purchasing');
    expect(screen.getByText('$49.99')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /O00000009/ });
    expect(within(row).queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Ship' }));
    const dialog = await shipDialog();
    // The carrier is the order's shipping method until the operator says otherwise.
    expect(within(dialog).getByLabelText('Carrier')).toHaveValue('Express');
    await user.clear(within(dialog).getByLabelText('Carrier'));
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Enter the carrier')).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter the tracking number')).toBeInTheDocument();
    expect(shipped).toEqual([]);

    await user.type(within(dialog).getByLabelText('Carrier'), 'DHL');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'JD1');
    // Both filled: neither field is marked wrong any more.
    await waitFor(() => expect(within(dialog).getByLabelText('Carrier')).not.toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Tracking number')).not.toHaveAttribute('aria-invalid', 'true');
    // (antd lets a message fade out before it leaves the page.)
    await waitFor(() => expect(within(dialog).queryByText('Enter the carrier')).not.toBeInTheDocument());
    await waitFor(() => expect(within(dialog).queryByText('Enter the tracking number')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('The tracking number looks wrong')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Tracking number'), '23456');
    await waitFor(() => expect(within(dialog).queryByText('The tracking number looks wrong')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(shipped[1]).toEqual({ carrier: 'DHL', trackingNumber: 'JD123456' }));

    // The order leaves the "Purchasing" list; the notice says where it went and links there.
    const notice = await noticeOf(/Order O00000009 is shipped/);
    await waitFor(() => expect(screen.queryByRole('row', { name: /O00000009/ })).not.toBeInTheDocument());
    await user.click(within(notice).getByRole('link', { name: 'Show “Shipped”' }));
    expect(await screen.findByRole('row', { name: /O00000009/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=shipped');
    expect(screen.getByRole('combobox', { name: 'Orders to show' }).closest('.ant-select')).toHaveTextContent(
      'Shipped',
    );
    // Shown where it now is: the notice keeps its words but no longer links away.
    expect(within(await noticeOf(/Order O00000009 is shipped/)).queryByRole('link')).not.toBeInTheDocument();
  });

  it("names the Purchase button by its text and describes it by the order's number", async () => {
    const purchased: string[] = [];
    fakeApi({
      'GET /api/admin/orders': (url) =>
        envelope(page(url.searchParams.get('state') === 'pending' && !purchased.length ? [PENDING] : [])),
      'POST /api/admin/orders/o-9/purchase': () => {
        purchased.push('o-9');
        return envelope(moved({ state: 'purchasing', actions: ['ship', 'mark-abnormal'] }));
      },
    });
    const user = ui();
    renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], '/admin/orders');
    const purchase = await screen.findByRole('button', { name: 'Purchase' });
    expect(purchase).toHaveTextContent(/^Purchase$/);
    expect(purchase).toHaveAccessibleDescription('O00000009');
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAccessibleDescription('O00000009');

    await user.click(purchase);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(purchased).toEqual(['o-9']));
    const notice = await noticeOf(/Order O00000009 is being purchased/);
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByRole('link', { name: 'Show “Purchasing”' })).toHaveAttribute(
      'href',
      '/admin/orders?state=purchasing',
    );
  });

  it('raises a price difference on a pending order from the More menu of its row', async () => {
    const raised: unknown[] = [];
    fakeApi({
      'GET /api/admin/orders': () =>
        envelope(page([raised.length ? { ...PENDING, actions: ['mark-abnormal'] as AdminOrder['actions'] } : PENDING])),
      'POST /api/admin/orders/o-9/price-difference': (_url, init) => {
        raised.push(JSON.parse(String(init.body)));
        return envelope({ id: 'pd-1' });
      },
    });
    const user = ui();
    renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], '/admin/orders');
    const row = await screen.findByRole('row', { name: /O00000009/ });
    expect(within(row).queryByRole('button', { name: 'Raise price difference' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Raise price difference' }));
    const dialog = (
      await screen.findByText('Raise a price difference on order O00000009', { selector: '.ant-modal-title' })
    ).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '12.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'The supplier raised the price');
    await user.click(within(dialog).getByRole('button', { name: 'Raise price difference' }));
    await waitFor(() => expect(raised).toEqual([{ amount: 12.5, reason: 'The supplier raised the price' }]));
    expect(await screen.findByText('Price difference raised on order O00000009')).toBeInTheDocument();
  });

  it("on a phone shows each order as a card holding that order's buttons, and no table", async () => {
    phoneScreen();
    const other = { ...PENDING, id: 'o-10', number: 'O00000010', userEmail: 'bob@example.com' };
    fakeApi({ 'GET /api/admin/orders': () => envelope(page([PENDING, other])) });
    renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], '/admin/orders');
    const card = await screen.findByRole('article', { name: 'O00000009' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Express')).toBeInTheDocument();
    // The fields carry their column's name; the buttons are those of this order only.
    expect(within(card).getByText('Shipping').tagName).toBe('DT');
    expect(within(card).getByRole('button', { name: 'Purchase' })).toHaveAccessibleDescription('O00000009');
    const second = screen.getByRole('article', { name: 'O00000010' });
    expect(within(second).getByRole('button', { name: 'Purchase' })).toHaveAccessibleDescription('O00000010');
    expect(within(second).queryByText('ada@example.com')).not.toBeInTheDocument();
  });
});
