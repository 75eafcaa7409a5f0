// jsdom lacks ResizeObserver; antd's text area measures itself with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Cart, CartLine, ConfirmResult } from '@dsm/contract';
import { fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import CartPayListPage from './cart-pay-list-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

const line = (basketId: number, over: Partial<CartLine> = {}): CartLine => ({
  basketId,
  prodId: basketId * 10,
  skuId: basketId * 100,
  prodName: `Product ${basketId}`,
  pic: '',
  skuName: '',
  properties: '',
  count: basketId,
  price: 10,
  addedPrice: 10,
  priceChanged: false,
  takenDown: false,
  stocks: 50,
  selected: true,
  subtotal: 10 * basketId,
  addedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const cart = (lines: CartLine[]): Cart => ({
  lines,
  totals: {
    selectedLines: lines.length,
    selectedCount: 0,
    goodsTotal: 0,
    takenDownSelected: lines.some((l) => l.selected && l.takenDown),
  },
});

const address = {
  addrId: 'a-us',
  firstName: 'Demo',
  lastName: 'User',
  country: 'US',
  city: 'Austin',
  province: 'TX',
  street: 'Main St',
  houseNo: '1',
  address: '',
  postCode: '73301',
};
const chinaPost = [{ code: 'POST', name: 'China Post', price: 5, days: { min: 10, max: 20 }, selected: true }];
const china = { code: 'CN', name: 'China warehouse', country: 'CN' };
const priced: ConfirmResult = {
  lines: [
    {
      prodId: 10,
      skuId: 100,
      skuCode: 'P-1',
      title: 'Product 1',
      image: '',
      count: 1,
      unitPrice: 10,
      lineTotal: 10,
      shipment: 'CN',
    },
    {
      prodId: 30,
      skuId: 300,
      skuCode: 'P-3',
      title: 'Product 3',
      image: '',
      count: 3,
      unitPrice: 10,
      lineTotal: 30,
      shipment: 'CN',
    },
  ],
  goodsTotal: 40,
  shippingOptions: chinaPost,
  shipments: [
    {
      key: 'CN',
      warehouse: china,
      skuIds: [100, 300],
      shippingOptions: chinaPost,
      goodsTotal: 40,
      shipping: 5,
      serviceFee: 0.8,
      tax: 0,
      total: 45.8,
    },
  ],
  shipping: 5,
  serviceFee: 0.8,
  serviceFeeRate: 2,
  tax: 0,
  taxRate: 0,
  total: 45.8,
  consignee: address,
  billing: address,
  consignees: [address],
  confirmToken: 'cart-token',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function renderPage(path: string) {
  return renderRoutes(
    [
      { path: '/user/cartpaylist', element: <CartPayListPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

beforeAll(() => loadNamespace('checkout'));
beforeEach(() =>
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } }),
);
afterEach(() => vi.unstubAllGlobals());

describe('cart checkout page', { timeout: 30_000 }, () => {
  it('prices the chosen cart lines, shows them like buy-now, and submits from the cart', async () => {
    const confirms: unknown[] = [];
    const submits: Array<{ body: unknown; key: string | undefined }> = [];
    fakeApi({
      'GET /api/countries': () => envelope([{ code: 'US', name: 'United States' }]),
      'GET /api/p/shopCart': () => envelope(cart([line(1), line(2), line(3)])),
      'POST /api/p/order/basket/confirm': (_url, init) => {
        confirms.push(JSON.parse(String(init.body)));
        return envelope(priced);
      },
      'POST /api/p/order/submit': (_url, init) => {
        submits.push({
          body: JSON.parse(String(init.body)),
          key: (init.headers as Record<string, string>)['Idempotency-Key'],
        });
        return envelope({
          orders: [
            {
              id: 'o-7',
              number: 'O00000007',
              state: 'awaiting-payment',
              total: 45.8,
              payBy: '2030-01-01T00:15:00.000Z',
            },
          ],
          total: 45.8,
        });
      },
    });
    const user = ui();
    const { router } = renderPage('/user/cartpaylist?basketIds=1,3');
    expect(await screen.findByText('Product 3')).toBeInTheDocument();
    expect(confirms[0]).toEqual({
      lines: [
        { prodId: 10, skuId: 100, count: 1 },
        { prodId: 30, skuId: 300, count: 3 },
      ],
      shippingMethods: {},
    });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$45.80');
    expect(summary.getByText('Shipping (China Post)').nextSibling).toHaveTextContent('$5.00');
    await user.click(summary.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paymentorder'));
    expect(router.state.location.search).toBe('?orders=o-7');
    expect(submits).toEqual([
      { body: { confirmToken: 'cart-token', fromCart: true }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string },
    ]);
  });

  it('without basketIds it buys the selected lines', async () => {
    const confirms: Array<{ lines: unknown[] }> = [];
    fakeApi({
      'GET /api/p/shopCart': () => envelope(cart([line(1), line(2, { selected: false })])),
      'POST /api/p/order/basket/confirm': (_url, init) => {
        confirms.push(JSON.parse(String(init.body)) as { lines: unknown[] });
        return envelope(priced);
      },
    });
    renderPage('/user/cartpaylist');
    await waitFor(() => expect(confirms).toHaveLength(1));
    expect(confirms[0]!.lines).toEqual([{ prodId: 10, skuId: 100, count: 1 }]);
  });

  it('nothing chosen: "Products must be selected…" with the way back, and no pricing', async () => {
    const fetchMock = fakeApi({ 'GET /api/p/shopCart': () => envelope(cart([line(1, { selected: false })])) });
    renderPage('/user/cartpaylist');
    expect(await screen.findByRole('alert')).toHaveTextContent('Products must be selected before buying or deleting');
    expect(screen.getByRole('link', { name: 'Back to the cart' })).toHaveAttribute('href', '/user/shoppingcart');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/basket/confirm'))).toBe(false);
  });

  it('a taken-down product among the chosen lines: the SPEC message, and no pricing', async () => {
    const fetchMock = fakeApi({ 'GET /api/p/shopCart': () => envelope(cart([line(1), line(2, { takenDown: true })])) });
    renderPage('/user/cartpaylist?basketIds=1,2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry! some of the products you have selected have been taken down.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/basket/confirm'))).toBe(false);
  });

  it('no shipping address, or no billing address: the server message with the link to set one', async () => {
    for (const reason of ['shipping-address-empty', 'billing-address-empty'] as const) {
      const msg =
        reason === 'shipping-address-empty'
          ? 'The shipping address is empty, please set one in your profile'
          : 'The billing address is empty, please set one in your profile';
      fakeApi({
        'GET /api/p/shopCart': () => envelope(cart([line(1)])),
        'POST /api/p/order/basket/confirm': () =>
          envelope({ reason, link: '/user/profile' }, { code: 'A00001', msg, status: 422 }),
      });
      const view = renderPage('/user/cartpaylist');
      expect(await screen.findByRole('alert')).toHaveTextContent(msg);
      expect(screen.getByRole('link', { name: 'Add or edit addresses' })).toHaveAttribute('href', '/user/profile');
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('two warehouses: a section per shipment with its own methods; a line that cannot ship says why and can leave the checkout', async () => {
    const ups = [{ code: 'UPS', name: 'UPS Ground', price: 8.9, days: { min: 2, max: 5 }, selected: true }];
    const twoShipments: ConfirmResult = {
      ...priced,
      lines: [
        { ...priced.lines[0]!, shipment: 'US' },
        { ...priced.lines[1]!, shipment: 'CN' },
        {
          prodId: 20,
          skuId: 200,
          skuCode: 'P-2',
          title: 'Product 2',
          image: '',
          count: 1,
          unitPrice: 10,
          lineTotal: 10,
          shipment: null,
          cannotShip: {
            reason: 'Nothing ships from EU warehouse to United States.',
            methods: [{ name: 'DHL Paket', reason: 'Does not deliver to United States' }],
          },
        },
      ],
      goodsTotal: 40,
      shipments: [
        {
          ...priced.shipments[0]!,
          key: 'US',
          warehouse: { code: 'US', name: 'US warehouse', country: 'US' },
          skuIds: [100],
          shippingOptions: ups,
          goodsTotal: 10,
          shipping: 8.9,
          serviceFee: 0.2,
          total: 19.1,
        },
        { ...priced.shipments[0]!, skuIds: [300], goodsTotal: 30, serviceFee: 0.6, total: 35.6 },
      ],
      shipping: 13.9,
      total: 54.7,
    };
    const confirms: Array<{ lines: Array<{ skuId: number }>; shippingMethods?: object }> = [];
    fakeApi({
      'GET /api/countries': () => envelope([{ code: 'US', name: 'United States' }]),
      'GET /api/p/shopCart': () => envelope(cart([line(1), line(2), line(3)])),
      'POST /api/p/order/basket/confirm': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { lines: Array<{ skuId: number }> };
        confirms.push(body);
        const asked = new Set(body.lines.map((l) => l.skuId));
        return envelope({ ...twoShipments, lines: twoShipments.lines.filter((l) => asked.has(l.skuId)) });
      },
    });
    const user = ui();
    const { router } = renderPage('/user/cartpaylist?basketIds=1,2,3');
    const us = within(await screen.findByRole('region', { name: 'Shipment 1 of 2 · ships from US warehouse' }));
    expect(us.getByText('Product 1')).toBeInTheDocument();
    expect(us.getByRole('radio', { name: /UPS Ground/ })).toBeChecked();
    const cn = within(screen.getByRole('region', { name: 'Shipment 2 of 2 · ships from China warehouse' }));
    expect(cn.getByText('Product 3')).toBeInTheDocument();
    expect(cn.queryByText('Product 1')).toBeNull();
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Shipping (2 shipments)').nextSibling).toHaveTextContent('$13.90');
    expect(summary.getByText(/2 orders/)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$54.70');

    const stuck = within(screen.getByRole('region', { name: 'Cannot be shipped to this address' }));
    expect(stuck.getByText('Product 2')).toBeInTheDocument();
    expect(stuck.getByText('Nothing ships from EU warehouse to United States.')).toBeInTheDocument();
    expect(stuck.getByText('DHL Paket: Does not deliver to United States')).toBeInTheDocument();
    await user.click(stuck.getByRole('button', { name: 'Remove from this order' }));
    await waitFor(() => expect(router.state.location.search).toBe('?basketIds=1%2C3'));
    await waitFor(() => expect(confirms.at(-1)!.lines.map((l) => l.skuId)).toEqual([100, 300]));
    expect(screen.queryByRole('region', { name: 'Cannot be shipped to this address' })).toBeNull();
  });

  it('nothing can ship: "Shipping information not found" with each line\'s reason, and another address to choose', async () => {
    const other = { ...address, addrId: 'a-de', country: 'DE', city: 'Berlin' };
    const confirms: Array<{ consigneeId?: string }> = [];
    fakeApi({
      'GET /api/countries': () => envelope([{ code: 'US', name: 'United States' }]),
      'GET /api/p/shopCart': () => envelope(cart([line(2)])),
      'POST /api/p/order/basket/confirm': (_url, init) => {
        confirms.push(JSON.parse(String(init.body)) as { consigneeId?: string });
        return envelope(
          {
            reason: 'no-shipping-method',
            lines: [
              {
                prodId: 20,
                skuId: 200,
                title: 'Product 2',
                reason: 'Nothing ships from EU warehouse to United States.',
              },
            ],
            consignee: address,
            consignees: [address, other],
          },
          { code: 'A00001', msg: 'Shipping information not found', status: 422 },
        );
      },
    });
    const user = ui();
    renderPage('/user/cartpaylist?basketIds=2');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Shipping information not found');
    expect(alert).toHaveTextContent('Product 2: Nothing ships from EU warehouse to United States.');
    const choice = within(screen.getByRole('region', { name: 'Ship to another address' }));
    await user.click(choice.getByRole('radio', { name: /Berlin/ }));
    await waitFor(() => expect(confirms.at(-1)).toMatchObject({ consigneeId: 'a-de' }));
  });
});
