// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Cart, CartLine } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import CartPage from './cart-page';
import { QUANTITY_SETTLE_MS } from './line-quantity';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('catalogue'));

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const line = (id: number, over: Partial<CartLine> = {}): CartLine => ({
  basketId: id,
  prodId: 100 + id,
  skuId: 200 + id,
  prodName: `Tote ${id}`,
  pic: '',
  skuName: 'Red / M',
  properties: 'Colour:Red;Size:M',
  count: 2,
  price: 10,
  addedPrice: 10,
  priceChanged: false,
  takenDown: false,
  stocks: 9,
  selected: true,
  subtotal: 20,
  addedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

/**
 * A small server: the lines live here, batch and change calls edit them and totals follow,
 * so what the page shows after an action is what the server would answer.
 */
function cartServer(initial: CartLine[]) {
  let lines = initial.map((l) => ({ ...l }));
  const calls: Array<{ path: string; query: string; body: unknown }> = [];
  const cart = (): Cart => {
    const sel = lines.filter((l) => l.selected && !l.takenDown);
    return {
      lines,
      totals: {
        selectedLines: sel.length,
        selectedCount: sel.reduce((s, l) => s + l.count, 0),
        goodsTotal: sel.reduce((s, l) => s + l.price * l.count, 0),
        takenDownSelected: lines.some((l) => l.selected && l.takenDown),
      },
    };
  };
  const count = () => ({ count: lines.reduce((s, l) => s + l.count, 0), lines: lines.length });
  fakeApi({
    'GET /api/p/shopCart': () => envelope(cart()),
    'GET /api/p/shopCart/count': () => envelope(count()),
    'POST /api/p/shopCart': (url, init) => {
      const body = JSON.parse(String(init.body)) as { basketId: number; count: number };
      calls.push({ path: url.pathname, query: url.search, body });
      lines = lines.map((l) =>
        l.basketId === body.basketId
          ? { ...l, count: l.count + body.count, subtotal: l.price * (l.count + body.count) }
          : l,
      );
      return envelope({ basketId: body.basketId, count: 0, cart: count() });
    },
    'POST /api/p/shopCart/batch': (url, init) => {
      const body = JSON.parse(String(init.body)) as { basketIds: number[] };
      calls.push({ path: url.pathname, query: url.search, body });
      const type = Number(url.searchParams.get('type'));
      const hit = (l: CartLine) => body.basketIds.includes(l.basketId);
      if (type === 1 || type === 3) lines = lines.map((l) => (hit(l) ? { ...l, selected: type === 1 } : l));
      else lines = lines.filter((l) => !hit(l));
      return envelope({ affected: body.basketIds.length, cart: count() });
    },
  });
  return { calls };
}

const render = () =>
  renderRoutes(
    [
      { path: '/user/shoppingcart', element: <CartPage /> },
      { path: '/user/cartpaylist', element: <h1>Cart checkout</h1> },
    ],
    '/user/shoppingcart',
  );

describe('/user/shoppingcart', { timeout: 30_000 }, () => {
  it('shows the lines, the taken-down and price-changed flags, and the totals of the selected lines', async () => {
    cartServer([
      line(1),
      line(2, { price: 12, addedPrice: 10, priceChanged: true, count: 1, subtotal: 12 }),
      line(3, { takenDown: true, selected: true }),
    ]);
    render();
    expect(await screen.findByText('Tote 1')).toBeInTheDocument();
    expect(screen.getByTestId('price-changed-2')).toHaveTextContent('Price changed (was $10.00)');
    expect(screen.getByTestId('taken-down-3')).toHaveTextContent('Taken down');
    expect(screen.getByText('Sorry! some of the products you have selected have been taken down.')).toBeInTheDocument();
    // 2 × $10 + 1 × $12; the taken-down line does not count.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$32.00');
    expect(screen.getByTestId('cart-selected-count')).toHaveTextContent('3 items selected');
  });

  it('unselects and selects lines (and all) through the batch types, totals following', async () => {
    const { calls } = cartServer([line(1), line(2, { price: 5, subtotal: 10 })]);
    render();
    await screen.findByText('Tote 1');
    await ui().click(screen.getByRole('checkbox', { name: 'Select Tote 1' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$10.00'));
    expect(calls.at(-1)).toMatchObject({ query: '?type=3', body: { basketIds: [1] } });

    await ui().click(screen.getByRole('checkbox', { name: 'Select all' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$30.00'));
    expect(calls.at(-1)).toMatchObject({ query: '?type=1', body: { basketIds: [1] } });

    await ui().click(screen.getByRole('checkbox', { name: 'Select all' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.00'));
    expect(calls.at(-1)).toMatchObject({ query: '?type=3', body: { basketIds: [1, 2] } });

    // Nothing selected: deleting is refused with the SPEC text, no call made.
    const before = calls.length;
    await ui().click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(toast.list().map((t) => t.text)).toContain('Products must be selected before buying or deleting');
    expect(calls).toHaveLength(before);
  });

  it('sends a quantity edit as one change once typing settles', async () => {
    const { calls } = cartServer([line(1, { count: 2 })]);
    render();
    const input = await screen.findByRole('textbox', { name: 'Quantity of Tote 1' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.change(input, { target: { value: 'x5a' } });
    await new Promise((r) => setTimeout(r, QUANTITY_SETTLE_MS + 100));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      path: '/api/p/shopCart',
      body: { basketId: 1, prodId: 101, skuId: 201, count: 3 },
    });
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$50.00'));
    expect(session.get().shoppingCartCount).toBe(5);
  });

  it('deletes the selected lines after confirming, and shows the empty state at the end', async () => {
    const { calls } = cartServer([line(1), line(2)]);
    render();
    await screen.findByText('Tote 1');
    await ui().click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('tooltip');
    await ui().click(within(dialog).getByRole('button', { name: /OK/ }));
    expect(await screen.findByText('The shopping cart is empty, please add items')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ query: '?type=2', body: { basketIds: [1, 2] } });
    expect(session.get().shoppingCartCount).toBe(0);
  });

  it('moves a line to the wish list and checks out with the selected ids', async () => {
    const { calls } = cartServer([line(1), line(2), line(3, { selected: false })]);
    const { router } = render();
    await screen.findByText('Tote 1');
    const row = screen.getByText('Tote 2').closest('tr')!;
    await ui().click(within(row).getByRole('button', { name: 'Move to wish list' }));
    await waitFor(() => expect(screen.queryByText('Tote 2')).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ query: '?type=4', body: { basketIds: [2] } });
    await ui().click(screen.getByRole('button', { name: 'Check out' }));
    expect(router.state.location.pathname).toBe('/user/cartpaylist');
    expect(router.state.location.search).toBe('?basketIds=1');
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    cartServer([]);
    render();
    expect(await screen.findByText('购物车是空的，请添加商品')).toBeInTheDocument();
  });
});
