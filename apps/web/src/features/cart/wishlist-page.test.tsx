import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WishListItem } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../lib/session';
import WishListPage from './wishlist-page';

beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(() => vi.unstubAllGlobals());

const item = (id: number, over: Partial<WishListItem> = {}): WishListItem => ({
  id,
  prodId: 10 + id,
  skuId: 20 + id,
  prodName: `Plush ${id}`,
  pic: '',
  skuName: 'Brown / S',
  price: 18.99,
  takenDown: false,
  stocks: 5,
  addedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('/user/wishlist', () => {
  it('moves an item to the cart (badge follows), removes another, and shows the empty state', async () => {
    let items = [item(1), item(2), item(3, { takenDown: true })];
    const calls: string[] = [];
    fakeApi({
      'GET /api/p/wishlist': () => envelope(items),
      'GET /api/p/shopCart/count': () => envelope({ count: 1, lines: 1 }),
      'POST /api/p/wishlist/1/cart': (url, init) => {
        calls.push(`${init.method} ${url.pathname}`);
        items = items.filter((i) => i.id !== 1);
        return envelope({ basketId: 5, count: 1, cart: { count: 1, lines: 1 } });
      },
      'DELETE /api/p/wishlist/2': (url, init) => {
        calls.push(`${init.method} ${url.pathname}`);
        items = items.filter((i) => i.id !== 2);
        return envelope(null);
      },
      'DELETE /api/p/wishlist/3': () => {
        items = [];
        return envelope(null);
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/user/wishlist', element: <WishListPage /> }], '/user/wishlist');
    const first = await screen.findByTestId('wish-1');
    expect(within(first).getByText('$18.99')).toBeInTheDocument();
    // A taken-down product cannot move to the cart.
    expect(within(screen.getByTestId('wish-3')).getByRole('button', { name: 'Move to cart' })).toBeDisabled();
    // "List to store": its products once each, the taken-down one left out, into the listing dialog.
    expect(screen.getByRole('link', { name: 'List to store (2)' })).toHaveAttribute('href', '/user/listed?list=11,12');

    await user.click(within(first).getByRole('button', { name: 'Move to cart' }));
    await waitFor(() => expect(screen.queryByTestId('wish-1')).not.toBeInTheDocument());
    expect(session.get().shoppingCartCount).toBe(1);

    await user.click(within(screen.getByTestId('wish-2')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('wish-2')).not.toBeInTheDocument());
    expect(calls).toEqual(['POST /api/p/wishlist/1/cart', 'DELETE /api/p/wishlist/2']);

    await user.click(within(screen.getByTestId('wish-3')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your wish list is empty')).toBeInTheDocument();
  });
});
