import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import BulkOrdersPage from './bulk-orders-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const order = (number: string, over: Partial<OrderSummary> = {}): OrderSummary => ({
  id: `id-${number}`,
  number,
  source: 'catalogue',
  state: 'pending',
  abnormal: false,
  abnormalReason: null,
  parentOrderId: null,
  itemCount: 60,
  lineCount: 2,
  firstLine: { title: 'Phone case', image: '', specs: {} },
  goods: 480,
  shipping: 12,
  serviceFee: 9.6,
  tax: 96,
  discount: 0,
  total: 597.6,
  shippingMethodName: 'Air',
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  paidAt: '2026-11-24T09:05:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  trashedAt: null,
  actions: [],
  priceDifferenceDue: null,
  purchaseType: 'bulk',
  ...over,
});
const page = (records: OrderSummary[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const COUNTS = {
  all: 2,
  'awaiting-payment': 0,
  pending: 1,
  purchasing: 1,
  shipped: 0,
  delivered: 0,
  trash: 0,
  abnormal: 0,
};

beforeAll(async () => {
  await loadNamespace('pricing');
});
beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(() => vi.unstubAllGlobals());

describe('/user/bulkorders', { timeout: 30_000 }, () => {
  it('asks only for bulk orders, shows the tab counts, a held order and switches tabs', async () => {
    const asked: string[] = [];
    fakeApi({
      'GET /api/p/orders': (url) => {
        asked.push(`${url.searchParams.get('type')}:${url.searchParams.get('tab')}`);
        const tab = url.searchParams.get('tab');
        const all = [order('O00000050'), order('O00000051', { state: 'purchasing', priceDifferenceDue: 4.2 })];
        return envelope(page(tab === 'purchasing' ? all.slice(1) : all));
      },
      'GET /api/p/orders/counts': (url) =>
        url.searchParams.get('type') === 'bulk' ? envelope(COUNTS) : envelope(null, { code: 'A00002', status: 400 }),
    });
    renderRoutes([{ path: '/user/bulkorders', element: <BulkOrdersPage /> }], '/user/bulkorders');
    expect(await screen.findByRole('heading', { name: 'Bulk orders' })).toBeInTheDocument();
    const row = (await screen.findByText('O00000050')).closest('tr')!;
    expect(within(row).getByText('Phone case +1')).toBeInTheDocument();
    expect(within(row).getByText('$597.60')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(
      within(screen.getByText('O00000051').closest('tr')!).getByText('Price difference to pay: $4.20'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Purchasing (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Purchasing (1)' }));
    await waitFor(() => expect(screen.queryByText('O00000050')).toBeNull());
    expect(asked).toEqual(['bulk:all', 'bulk:purchasing']);
  });

  it('says when there are none', async () => {
    fakeApi({
      'GET /api/p/orders': () => envelope(page([])),
      'GET /api/p/orders/counts': () => envelope({ ...COUNTS, all: 0, pending: 0, purchasing: 0 }),
    });
    renderRoutes([{ path: '/user/bulkorders', element: <BulkOrdersPage /> }], '/user/bulkorders');
    expect(await screen.findByText('No bulk orders yet')).toBeInTheDocument();
  });
});
