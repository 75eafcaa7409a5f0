import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryOrder, InventoryRow } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { leaveSite } from '../../lib/navigation';
import { session } from '../../lib/session';
import InventoryOrdersPage from './inventory-orders-page';
import MyInventoryPage from './my-inventory-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const row = (over: Partial<InventoryRow> = {}): InventoryRow => ({
  id: '11111111-1111-1111-1111-111111111111',
  skuId: 7,
  skuCode: 'MUG-1',
  prodId: 3,
  prodName: 'Bulk mug',
  image: '',
  warehouse: 'CN',
  warehouseName: 'China',
  total: 18,
  frozen: 2,
  available: 16,
  unreceived: 4,
  lowStock: false,
  shipFirst: true,
  ...over,
});
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const order = (over: Partial<InventoryOrder> = {}): InventoryOrder => ({
  id: '22222222-2222-2222-2222-222222222222',
  number: 'O00000077',
  state: 'to-be-purchased',
  goods: 160,
  handlingFee: 6,
  total: 166,
  createdAt: '2026-11-27T09:00:00.000Z',
  cancellable: true,
  deposit: null,
  lines: [
    {
      skuId: 7,
      skuCode: 'MUG-1',
      title: 'Bulk mug',
      image: '',
      warehouse: 'CN',
      quantity: 20,
      received: 0,
      unitPrice: 8,
    },
  ],
  ...over,
});

beforeAll(async () => {
  await loadNamespace('inventory');
});
beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(() => vi.unstubAllGlobals());

describe('/user/myinventory', { timeout: 30_000 }, () => {
  it('shows total = frozen + available and unreceived, marks low stock, filters and links the download', async () => {
    const asked: string[] = [];
    fakeApi({
      'GET /api/logistics/warehouse': () => envelope([{ code: 'CN', name: 'China', country: 'CN' }]),
      'GET /api/p/privateInventory/page': (url) => {
        asked.push(`${url.searchParams.get('keyword') ?? ''}|${url.searchParams.get('lowStock') ?? ''}`);
        return envelope(
          page([row(), row({ id: 'x', skuCode: 'CUP-2', available: 3, total: 3, frozen: 0, lowStock: true })]),
        );
      },
    });
    renderRoutes([{ path: '/user/myinventory', element: <MyInventoryPage /> }], '/user/myinventory');
    const mug = (await screen.findByText('MUG-1')).closest('tr')!;
    expect(
      within(mug)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['China', '18', '2', '16 ', '4']));
    expect(within(screen.getByText('CUP-2').closest('tr')!).getByText('Low stock')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download (.xlsx)' });
    expect(new URL(link.getAttribute('href')!, 'http://x').pathname).toBe('/api/p/privateInventory/download');

    await userEvent.type(screen.getByRole('searchbox', { name: 'SKU or product name' }), 'mug{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() => expect(asked).toContain('mug|true'));
  });
});

describe('/user/inventoryorders', { timeout: 30_000 }, () => {
  it('prices the handed-over lines with the handling fee, places the order and opens the payment page', async () => {
    const confirmed: unknown[] = [];
    fakeApi({
      'GET /api/p/private-inventory-order/page': () => envelope(page([order()])),
      'POST /api/p/private-inventory-order/basket/confirm': async (_url, init) => {
        confirmed.push(JSON.parse(String(init?.body)));
        return envelope({
          lines: [
            {
              prodId: 3,
              skuId: 7,
              skuCode: 'MUG-1',
              title: 'Bulk mug',
              image: '',
              warehouse: 'CN',
              warehouseName: 'China',
              warehouses: [{ code: 'CN', name: 'China' }],
              count: 20,
              unitPrice: 8,
              basePrice: 10,
              tier: { minQuantity: 20 },
              moq: 20,
              lineTotal: 160,
            },
          ],
          goods: 160,
          handlingFeePerUnit: 0.3,
          handlingFee: 6,
          total: 166,
          deposit: null,
          confirmToken: 'token',
          expiresAt: '2026-11-27T10:00:00.000Z',
        });
      },
      'POST /api/p/private-inventory-order/submit': () => envelope(order({ state: 'awaiting-payment' })),
    });
    renderRoutes(
      [
        { path: '/user/inventoryorders', element: <InventoryOrdersPage /> },
        { path: '/user/paymentorder', element: <p>payment page</p> },
      ],
      '/user/inventoryorders?buy=3:7:20',
    );
    expect(await screen.findByText('O00000077')).toBeInTheDocument();
    expect(screen.getByText(/0 of 20 received/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check prices' }));
    expect(await screen.findByText('Handling fee ($0.30 per unit, instead of shipping)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Buy into inventory' })).getAllByText('$166.00').length,
    ).toBeGreaterThan(0);
    expect(confirmed).toEqual([{ lines: [{ prodId: 3, skuId: 7, count: 20 }] }]);
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText('payment page')).toBeInTheDocument();
  });

  it('offers a deposit on a large order, says what happens to it before paying, and pays it from the wallet', async () => {
    const paidDeposit: string[] = [];
    const terms = { percent: 30, deposit: 126.23, balance: 294.52 };
    let listed = order({ state: 'awaiting-payment', total: 420.75, deposit: { ...terms, state: 'offered' } });
    fakeApi({
      'GET /api/p/private-inventory-order/page': () => envelope(page([listed])),
      'POST /api/p/private-inventory-order/basket/confirm': () =>
        envelope({
          lines: [],
          goods: 408,
          handlingFeePerUnit: 0.25,
          handlingFee: 12.75,
          total: 420.75,
          deposit: terms,
          confirmToken: 'token',
          expiresAt: '2026-11-27T10:00:00.000Z',
        }),
      'POST /api/p/private-inventory-order/submit': () => envelope(listed),
      'POST /api/p/private-inventory-order/deposit/22222222-2222-2222-2222-222222222222': (url) => {
        paidDeposit.push(url.pathname);
        listed = order({ state: 'to-be-purchased', total: 420.75, deposit: { ...terms, state: 'deposit-paid' } });
        return envelope(listed);
      },
    });
    renderRoutes(
      [{ path: '/user/inventoryorders', element: <InventoryOrdersPage /> }],
      '/user/inventoryorders?buy=3:7:51',
    );
    expect(await screen.findByText('Deposit possible: $126.23 now, $294.52 when bought')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check prices' }));
    expect(
      await screen.findByText(
        'Pay a deposit of $126.23 (30 %) now, and the balance of $294.52 from your wallet when the goods are bought.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Once they are bought the deposit is no longer returned/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay the deposit' }));
    expect(await screen.findByText('Deposit $126.23 paid; balance $294.52 when bought')).toBeInTheDocument();
    expect(paidDeposit).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Pay the deposit' })).not.toBeInTheDocument();
  }, 90_000);

  it('pays the deposit by PayPal: the rules first, then off to PayPal with the payment of the deposit', async () => {
    const go = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const terms = { percent: 30, deposit: 126.23, balance: 294.52 };
    const asked: string[] = [];
    fakeApi({
      'GET /api/p/private-inventory-order/page': () =>
        envelope(page([order({ state: 'awaiting-payment', total: 420.75, deposit: { ...terms, state: 'offered' } })])),
      'POST /api/p/private-inventory-order/deposit/22222222-2222-2222-2222-222222222222/paypal': (url) => {
        asked.push(url.pathname);
        return envelope({
          id: '33333333-3333-4333-8333-333333333333',
          number: 'P00000009',
          method: 'paypal',
          outcome: 'pending',
          amount: 126.23,
          locked: 0,
          shortfall: 0,
          reason: null,
          approveUrl: 'https://paypal.example/approve?token=T1',
          orders: [],
          createdAt: '2026-11-27T10:00:00.000Z',
          completedAt: null,
        });
      },
    });
    renderRoutes([{ path: '/user/inventoryorders', element: <InventoryOrdersPage /> }], '/user/inventoryorders');
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit by PayPal' }));
    expect(await screen.findByText('Pay the deposit of $126.23 by PayPal?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://paypal.example/approve?token=T1'));
    expect(asked).toHaveLength(1);
    go.mockRestore();
  }, 90_000);
});
