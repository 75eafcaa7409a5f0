import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionChange, StoreProduct } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import ConnectionPage from './connection-page';
import SkuConnectPage from './sku-connect-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ID = '11111111-1111-4111-8111-111111111111';
const SKU = { productId: '3', skuId: '7', title: 'Classic Wallet', specs: 'Colour: Red', imageUrl: null, price: 30.99 };
const PRODUCT: StoreProduct = {
  id: ID,
  storeId: 's-1',
  storeName: "Ada's Woo shop",
  platform: 'woocommerce',
  externalId: '102',
  title: 'Leather wallet',
  imageUrl: null,
  url: null,
  status: 'active',
  variants: [
    {
      id: 'v-red',
      externalId: '1',
      title: 'Red',
      sku: null,
      options: [{ name: 'Colour', value: 'Red' }],
      price: 19.99,
      currency: 'EUR',
      imageUrl: null,
      connection: {
        state: 'needs-review',
        reviewReason: 'taken-down',
        sku: SKU,
        connectedAt: '2026-11-24T09:00:00.000Z',
      },
    },
    {
      id: 'v-grey',
      externalId: '2',
      title: 'Grey',
      sku: null,
      options: [],
      price: 19.99,
      currency: 'EUR',
      imageUrl: null,
      connection: null,
    },
  ],
  connectedCount: 1,
  reviewCount: 1,
  updatedAt: '2026-11-24T09:00:00.000Z',
  canUndo: true,
};
const change = (
  id: string,
  action: ConnectionChange['action'],
  extra: Partial<ConnectionChange> = {},
): ConnectionChange => ({
  id,
  action,
  actorType: action === 'review' ? 'system' : 'user',
  actorName: action === 'review' ? null : 'ada',
  at: '2026-11-24T09:00:00.000Z',
  note: null,
  variants: [{ variantId: 'v-red', variantTitle: 'Red', before: null, after: SKU }],
  undone: false,
  ...extra,
});
const page = (records: StoreProduct[], total = records.length) => ({ records, total, size: 20, current: 1, pages: 1 });

beforeAll(async () => {
  await loadNamespace('connections');
});
beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

describe('/user/connection', { timeout: 30_000 }, () => {
  it('without any store product asks to connect a store first', async () => {
    fakeApi({ 'GET /api/p/store-products': () => envelope(page([], 0)) });
    renderRoutes([{ path: '/user/connection', element: <ConnectionPage /> }], '/user/connection');
    expect(await screen.findByText('No store products yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a store' })).toHaveAttribute('href', '/user/shopify');
  });

  it('shows the tabs with their counts and the rows of the chosen one', async () => {
    fakeApi({
      'GET /api/p/store-products': (url) => {
        const filter = url.searchParams.get('filter');
        const totals: Record<string, number> = { unconnected: 4, connected: 1, 'needs-review': 1 };
        return envelope(filter ? page(filter === 'needs-review' ? [PRODUCT] : [], totals[filter]) : page([PRODUCT], 6));
      },
    });
    renderRoutes([{ path: '/user/connection', element: <ConnectionPage /> }], '/user/connection?tab=needs-review');
    expect(await screen.findByText('Leather wallet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('tab-needs-review')).toHaveTextContent('Needs review (1)'));
    expect(screen.getByTestId('tab-unconnected')).toHaveTextContent('Unconnected (4)');
    expect(screen.getByText('1 of 2 variants connected')).toBeInTheDocument();
    expect(screen.getByText('1 to review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', `/user/addconnection?product=${ID}`);
  });
});

describe('/user/skuconnect', { timeout: 30_000 }, () => {
  it('shows why a connection needs review and undoes the last change of the seller by its id, once per click', async () => {
    const undos: Array<{ body: unknown; key: string | null }> = [];
    fakeApi({
      [`GET /api/p/store-products/${ID}`]: () => envelope(PRODUCT),
      [`GET /api/p/store-products/${ID}/history`]: () =>
        envelope([
          change('c-review', 'review', { note: 'the catalogue product was taken down' }),
          change('c-2', 'connect'),
          change('c-1', 'disconnect', { undone: true }),
        ]),
      [`POST /api/p/store-products/${ID}/undo`]: (_url, init) => {
        undos.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return envelope({ ...PRODUCT, canUndo: false });
      },
    });
    renderRoutes([{ path: '/user/skuconnect', element: <SkuConnectPage /> }], `/user/skuconnect?product=${ID}`);
    expect(await screen.findByText('The catalogue product was taken down')).toBeInTheDocument();
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    // The system's review mark is not undoable: the button sits on the seller's connect.
    const review = await screen.findByTestId('change-c-review');
    expect(within(review).queryByRole('button', { name: 'Undo' })).toBeNull();
    await userEvent.click(within(screen.getByTestId('change-c-2')).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undos).toHaveLength(1));
    expect(undos[0]).toMatchObject({ body: { changeId: 'c-2' }, key: expect.any(String) });
  });
});
