import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import { phoneScreen } from '../../test/screen-width';
import StoreOrderPage from './store-order-page';
import {
  COUNTS,
  STORE_ORDER_COUNTS,
  page,
  storeOrderDetail,
  storeOrderRow,
  summary,
  syncStatus,
} from '../../test/factories';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(() => Promise.all([loadNamespace('orders'), loadNamespace('store-orders')]));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const render = (path = '/user/storeorder') =>
  renderRoutes(
    [
      { path: '/user/storeorder', element: <StoreOrderPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

/** The calls every store tab makes, plus the test's own; returns the list queries asked. */
function storeApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  const asked: URLSearchParams[] = [];
  fakeApi({
    'GET /api/countries': () =>
      envelope([
        { code: 'FR', name: 'France' },
        { code: 'US', name: 'United States' },
      ]),
    'GET /api/p/orders/counts': () => envelope(COUNTS),
    'GET /api/p/orders': () => envelope(page([summary('o-1')])),
    'GET /api/p/store-orders/counts': () => envelope(STORE_ORDER_COUNTS),
    'GET /api/p/store-orders/sync-status': () => envelope([syncStatus()]),
    'GET /api/p/store-orders': (url) => {
      asked.push(url.searchParams);
      return envelope(page([storeOrderRow('so-1')]));
    },
    'GET /api/p/store-orders/so-1': () => envelope(storeOrderDetail('so-1')),
    ...routes,
  });
  return asked;
}

// The machine running the tests is shared: antd's tables and pop-ups take seconds under load.
describe('store orders on /user/storeorder', { timeout: 60_000 }, () => {
  it('puts unrelated and related with their counts before the order tabs, which still work', async () => {
    storeApi();
    render();
    expect(await screen.findByText('O00000001')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('tab-unrelated')).toHaveTextContent('Unrelated (2)'));
    expect(screen.getByTestId('tab-related')).toHaveTextContent('Related (1)');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(0, 3)).toEqual(['Unrelated (2)', 'Related (1)', 'All (6)']);
    // The draft box and abnormal counts add the store orders there (2 + 1, 1 + 1).
    expect(screen.getByTestId('tab-trash')).toHaveTextContent('Draft box (3)');
    expect(screen.getByTestId('tab-abnormal')).toHaveTextContent('Abnormal (2)');
  });

  it('shows a store order with its store, total in the store currency, freshness, and links each unconnected line to connecting it', async () => {
    storeApi({
      'GET /api/p/store-orders': () =>
        envelope(page([storeOrderRow('so-1', { lastChangedAt: new Date(Date.now() - 10 * 60_000).toISOString() })])),
    });
    render('/user/storeorder?tab=unrelated');
    const number = await screen.findByText('#1001');
    const row = number.closest('tr')!;
    expect(within(row).getByText('Ada Linen')).toBeInTheDocument();
    expect(within(row).getByText('Shopify')).toBeInTheDocument();
    expect(within(row).getByText('€59.90')).toBeInTheDocument();
    expect(within(row).getByText('1 product not connected')).toBeInTheDocument();
    expect(within(row).getByText(/France/)).toBeInTheDocument();
    expect(within(row).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(row).getByText('Arrived', { exact: false })).toHaveTextContent('Arrived · 10 minutes ago');

    // Each store's sync: last success, next, and "sync now".
    const store = screen.getByRole('article', { name: 'Ada Linen' });
    expect(within(store).getByText('2 minutes ago')).toBeInTheDocument();
    expect(within(store).getByText('in 3 minutes')).toBeInTheDocument();

    await user().click(within(row).getByRole('button', { name: 'Connect products' }));
    const lines = await screen.findByRole('list', { name: 'Products of store order #1001' });
    const hat = within(lines).getByText('Straw Hat').closest('li')!;
    expect(within(hat).getByText('SKU SH-1 · × 1 · €10.00')).toBeInTheDocument();
    expect(within(hat).getByText('Not connected')).toBeInTheDocument();
    expect(within(hat).getByRole('link', { name: 'Connect' })).toHaveAttribute(
      'href',
      '/user/addconnection?product=sp-2',
    );
    const dress = within(lines).getByText('Linen Dress').closest('li')!;
    expect(within(dress).getByText('Connected to Linen dress · Colour: Red, Size: M')).toBeInTheDocument();
    expect(within(dress).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the filters in the address and sends them with the list and the counts', async () => {
    const counted: URLSearchParams[] = [];
    const asked = storeApi({
      'GET /api/p/store-orders/counts': (url) => {
        counted.push(url.searchParams);
        return envelope(STORE_ORDER_COUNTS);
      },
    });
    const { router } = render(
      '/user/storeorder?tab=related&store=st-1&country=FR&from=2026-03-01&to=2026-03-31&sku=SH-1&q=1001',
    );
    await screen.findByText('#1001');
    // Another test's late refetch may reach this stub too: read the calls of this page's tab.
    const related = () => asked.filter((a) => a.get('tab') === 'related');
    const last = related().at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({
      tab: 'related',
      storeId: 'st-1',
      country: 'FR',
      from: '2026-03-01',
      to: '2026-03-31',
      sku: 'SH-1',
      q: '1001',
    });
    expect(counted.some((c) => c.get('storeId') === 'st-1' && c.get('q') === '1001')).toBe(true);

    const number = screen.getByRole('textbox', { name: "Order number (ours or the store's)" });
    expect(number).toHaveValue('1001');
    await user().clear(number);
    await user().type(number, '#1002{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('q=%231002'));
    await waitFor(() => expect(related().at(-1)!.get('q')).toBe('#1002'));

    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=related'));
  });

  it('leaves out a date that does not exist and a country that is not a code, rather than send them', async () => {
    const asked = storeApi();
    render('/user/storeorder?tab=unrelated&from=2026-02-30&to=2026-03-31&country=France');
    await screen.findByText('#1001');
    // No request ever carries the bad values; the good date goes out. (Which request came last
    // is the router's and the query cache's business, so the test does not rely on the order.)
    await waitFor(() =>
      expect(asked.some((a) => a.get('tab') === 'unrelated' && a.get('to') === '2026-03-31')).toBe(true),
    );
    expect(asked.filter((a) => a.has('from') || a.has('country'))).toEqual([]);
  });

  it('an abnormal order says why and moves to normal only after a confirmation', async () => {
    const resolved: unknown[] = [];
    storeApi({
      'GET /api/p/store-orders': () =>
        envelope(
          page([
            storeOrderRow('so-1', {
              abnormal: true,
              abnormalReason: 'address-incomplete',
              abnormalText: 'The shipping address is empty',
            }),
          ]),
        ),
      'POST /api/p/store-orders/so-1/abnormal/resolve': (_url, init) => {
        resolved.push(bodyOf(init));
        expect(new Headers(init.headers).get('Idempotency-Key')).toBeTruthy();
        return envelope(storeOrderDetail('so-1'));
      },
    });
    render('/user/storeorder?tab=unrelated');
    const row = (await screen.findByText('#1001')).closest('tr')!;
    expect(within(row).getByText('Abnormal')).toBeInTheDocument();
    expect(within(row).getByText('The shipping address is empty')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Ignore' })).toHaveAccessibleDescription('#1001');

    await user().click(within(row).getByRole('button', { name: 'Move to normal' }));
    expect(resolved).toEqual([]);
    expect(await screen.findByText(/Move store order #1001 back to the normal process/)).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(resolved).toEqual([{ confirm: true }]));
    expect(await screen.findByText('The store order is back in the normal process')).toBeInTheDocument();
  });

  it('shows our landed cost and the margin under the store total, with how fresh the quote is', async () => {
    const quote = {
      currency: 'USD' as const,
      selling: { amount: 59.9, currency: 'EUR' },
      sellingUsd: 65.11,
      quotedAt: new Date(Date.now() - 4 * 60_000).toISOString(),
    };
    storeApi({
      'GET /api/p/store-orders': () =>
        envelope(
          page([
            storeOrderRow('so-1', {
              quote: { ...quote, landed: 20.5, margin: 44.61, marginPercent: 68.5, note: null },
            }),
            storeOrderRow('so-2', {
              number: '#1002',
              quote: {
                ...quote,
                landed: null,
                margin: null,
                marginPercent: null,
                note: 'Shipping information not found',
              },
            }),
          ]),
        ),
    });
    render('/user/storeorder?tab=related');
    const row = (await screen.findByText('#1001')).closest('tr')!;
    const landed = within(row).getByTestId('landed');
    expect(landed).toHaveTextContent('Our cost $20.50');
    expect(landed).toHaveTextContent('Margin $44.61 (68.5 %)');
    expect(landed).toHaveTextContent('Quoted 4 minutes ago');
    const other = screen.getByText('#1002').closest('tr')!;
    expect(within(other).getByTestId('landed')).toHaveTextContent('Shipping information not found');
  });

  it('an Excel order says which file and when instead of a sync, offers no sync, and shows no margin without a store price', async () => {
    const importedAt = new Date(Date.now() - 7 * 60_000).toISOString();
    const excel = {
      storeId: null,
      storeName: '',
      platform: null,
      source: 'excel' as const,
      lastChanges: ['created' as const],
      imported: { fileName: 'june-orders.xlsx', importedAt },
    };
    const quote = {
      currency: 'USD' as const,
      landed: 23.4,
      quotedAt: new Date(Date.now() - 4 * 60_000).toISOString(),
      note: null,
    };
    storeApi({
      'GET /api/p/store-orders': () =>
        envelope(
          page([
            storeOrderRow('so-1', {
              ...excel,
              total: { amount: 0, currency: 'USD' },
              // No store price: the total is 0, and a margin of −23.40 would be a lie.
              quote: {
                ...quote,
                selling: { amount: 0, currency: 'USD' },
                sellingUsd: null,
                margin: null,
                marginPercent: null,
                sellingGiven: false,
              },
            }),
            storeOrderRow('so-2', {
              ...excel,
              number: '#1002',
              total: { amount: 30, currency: 'USD' },
              quote: {
                ...quote,
                selling: { amount: 30, currency: 'USD' },
                sellingUsd: 30,
                margin: 6.6,
                marginPercent: 22,
                sellingGiven: true,
              },
            }),
          ]),
        ),
    });
    render('/user/storeorder?tab=related');
    const row = (await screen.findByText('#1001')).closest('tr')!;
    expect(within(row).getByText('Excel import')).toBeInTheDocument();
    expect(within(row).getByText('Imported from june-orders.xlsx')).toBeInTheDocument();
    expect(within(row).getByText('7 minutes ago')).toHaveAttribute('dateTime', importedAt);
    expect(within(row).queryByText(/Arrived|Last synced/)).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
    const landed = within(row).getByTestId('landed');
    expect(landed).toHaveTextContent('Our cost $23.40');
    expect(within(landed).getByTestId('no-margin')).toHaveTextContent('Margin — · no store price given');
    expect(landed).not.toHaveTextContent('-$23.40');
    expect(within(row).queryByText('$0.00')).not.toBeInTheDocument();
    const priced = screen.getByText('#1002').closest('tr')!;
    expect(within(priced).getByTestId('landed')).toHaveTextContent('Margin $6.60 (22 %)');
    expect(within(priced).queryByTestId('no-margin')).not.toBeInTheDocument();
  });

  it('a paid order the store cancelled offers "refund to wallet" after a confirmation', async () => {
    const refunds: string[] = [];
    storeApi({
      'GET /api/p/store-orders': () =>
        envelope(
          page([
            storeOrderRow('so-1', {
              abnormal: true,
              abnormalReason: 'cancelled-after-payment',
              abnormalText: 'Cancelled in the store after payment',
              order: { id: 'o-9', number: 'D20261124-000009', state: 'pending', abnormal: false },
              refundable: true,
            }),
          ]),
        ),
      'POST /api/p/store-orders/so-1/refund': (_url, init) => {
        refunds.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        return envelope(storeOrderDetail('so-1'));
      },
    });
    render('/user/storeorder?tab=abnormal');
    const row = (await screen.findByText('#1001')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Move to normal' })).not.toBeInTheDocument();
    await user().click(within(row).getByRole('button', { name: 'Refund to wallet' }));
    expect(refunds).toEqual([]);
    expect(await screen.findByText(/Refund store order #1001 to your wallet/)).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0]).toMatch(/\S/);
    expect(await screen.findByText('Refunded to your wallet')).toBeInTheDocument();
  });

  it('deletes the selected store orders in one call and restores them from the draft box', async () => {
    const trashed: unknown[] = [];
    const restored: unknown[] = [];
    storeApi({
      'GET /api/p/store-orders': (url) =>
        envelope(
          page(
            url.searchParams.get('tab') === 'trash'
              ? [storeOrderRow('so-3', { state: 'trashed', trashReason: 'cancelled-in-store', status: 'cancelled' })]
              : [storeOrderRow('so-1'), storeOrderRow('so-2')],
          ),
        ),
      'POST /api/p/store-orders/trash': (_url, init) => {
        trashed.push(bodyOf(init));
        return envelope({ ids: ['so-1', 'so-2'] });
      },
      'POST /api/p/store-orders/restore': (_url, init) => {
        restored.push(bodyOf(init));
        return envelope({ ids: ['so-3'] });
      },
    });
    const { router } = render('/user/storeorder?tab=unrelated');
    await screen.findByText('#1001');
    await user().click(screen.getByRole('checkbox', { name: 'Select store order #1001' }));
    await user().click(screen.getByRole('checkbox', { name: 'Select store order #1002' }));
    expect(screen.getByText('2 store orders selected')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Delete selected' }));
    await user().click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(trashed).toEqual([{ ids: ['so-1', 'so-2'] }]));
    expect(await screen.findByText('2 store orders moved to the draft box')).toBeInTheDocument();

    await user().click(screen.getByTestId('tab-trash'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=trash'));
    const section = await screen.findByRole('region', { name: 'Store orders (1)' });
    expect(await within(section).findByText('Cancelled in the store before payment')).toBeInTheDocument();
    await user().click(within(section).getByRole('checkbox', { name: 'Select store order #1003' }));
    await user().click(within(section).getByRole('button', { name: 'Restore selected' }));
    await waitFor(() => expect(restored).toEqual([{ ids: ['so-3'] }]));
  });

  it('pays the selected related store orders on the payment page', async () => {
    storeApi({
      'GET /api/p/store-orders': () => envelope(page([storeOrderRow('so-1'), storeOrderRow('so-2')])),
    });
    const { router } = render('/user/storeorder?tab=related');
    await screen.findByText('#1001');
    const pay = screen.getByRole('button', { name: 'Pay selected' });
    expect(pay).toBeDisabled();
    await user().click(screen.getByRole('checkbox', { name: 'Select store order #1001' }));
    await user().click(screen.getByRole('checkbox', { name: 'Select store order #1002' }));
    await user().click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/orderpayment'));
    expect(router.state.location.search).toBe('?ids=so-1,so-2');
  });

  it('"sync now" asks the store again and rests a few seconds after a click', async () => {
    const synced: string[] = [];
    storeApi({
      'POST /api/p/store-orders/sync-status/st-1/sync': () => {
        synced.push('store');
        return envelope(syncStatus({ running: true }));
      },
      'POST /api/p/store-orders/so-1/sync': () => {
        synced.push('order');
        return envelope(storeOrderDetail('so-1', { lastChanges: ['address'] }));
      },
    });
    render('/user/storeorder?tab=unrelated');
    const row = (await screen.findByText('#1001')).closest('tr')!;
    const store = screen.getByRole('article', { name: 'Ada Linen' });
    const storeButton = within(store).getByRole('button', { name: 'Sync now' });
    await user().click(storeButton);
    await waitFor(() => expect(synced).toEqual(['store']));
    expect(storeButton).toBeDisabled();

    const orderButton = within(row).getByRole('button', { name: 'Sync now' });
    expect(orderButton).toHaveAccessibleDescription('#1001');
    await user().click(orderButton);
    await waitFor(() => expect(synced).toEqual(['store', 'order']));
    expect(orderButton).toBeDisabled();
    await user().click(orderButton);
    expect(synced).toEqual(['store', 'order']);
  });

  it('on a phone each store order is a card with its buttons inside', async () => {
    phoneScreen();
    storeApi();
    render('/user/storeorder?tab=unrelated');
    const card = await screen.findByRole('article', { name: '#1001' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('€59.90')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select store order #1001' })).toBeInTheDocument();
    await user().click(within(card).getByRole('button', { name: 'Connect products' }));
    expect(await within(card).findByRole('link', { name: 'Connect' })).toHaveAttribute(
      'href',
      '/user/addconnection?product=sp-2',
    );
  });

  it('speaks French', async () => {
    await setLanguage('fr-FR');
    storeApi();
    render('/user/storeorder?tab=unrelated');
    await screen.findByText('#1001');
    await waitFor(() => expect(screen.getByTestId('tab-unrelated')).toHaveTextContent('Non liées (2)'));
    expect(screen.getByText('59,90 €')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vos boutiques' })).toBeInTheDocument();
  });
});
