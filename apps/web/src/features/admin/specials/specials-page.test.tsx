// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import SpecialsPage from './specials-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

const product = (prodId: number, prodName: string, status: 'on' | 'off' = 'on') => ({
  prodId,
  prodName,
  pic: '',
  price: 12.5,
  categoryId: 4,
  status,
  totalStocks: 10,
  sales: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const LAMP = product(11, 'Desk Lamp');
const MUG = product(12, 'Travel Mug', 'off');
const BAG = product(13, 'Canvas Bag');

beforeAll(() => loadNamespace('admin'));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

/** A server that keeps the list and answers PUT with the products in the order sent. */
function specialsServer(initial: number[]) {
  const all = new Map([LAMP, MUG, BAG].map((p) => [p.prodId, p]));
  let ids = initial;
  const puts: number[][] = [];
  const fetchMock = fakeApi({
    'GET /api/admin/catalogue/specials': () => envelope(ids.map((id) => all.get(id))),
    'PUT /api/admin/catalogue/specials': (_url, init) => {
      ids = (JSON.parse(String(init.body)) as { prodIds: number[] }).prodIds;
      puts.push(ids);
      return envelope(ids.map((id) => all.get(id)));
    },
    'GET /api/admin/catalogue/products': (url) => {
      const keyword = url.searchParams.get('keyword')?.toLowerCase() ?? '';
      const records = [...all.values()].filter((p) => p.prodName.toLowerCase().includes(keyword));
      return envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
    },
  });
  return { fetchMock, puts };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

describe('specials', { timeout: 60_000 }, () => {
  it('lists the featured products in order, marks a taken-down one, reorders and removes', async () => {
    const { puts } = specialsServer([11, 12]);
    const user = ui();
    renderAt(<SpecialsPage />, '/admin/specials');
    await screen.findByRole('link', { name: 'Travel Mug' });
    expect(rowNames()).toEqual(['Desk Lamp', 'Travel Mug']);
    expect(within(screen.getAllByRole('row')[2]!).getByText('Taken down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Desk Lamp up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Travel Mug up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Travel Mug', 'Desk Lamp']));
    expect(puts.at(-1)).toEqual([12, 11]);
    expect(await screen.findByText('Order saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Travel Mug from the specials' }));
    await waitFor(() => expect(rowNames()).toEqual(['Desk Lamp']));
    expect(puts.at(-1)).toEqual([11]);
  });

  it('adds a product found by name at the end of the list', async () => {
    const { puts } = specialsServer([11]);
    const user = ui();
    renderAt(<SpecialsPage />, '/admin/specials');
    await screen.findByRole('link', { name: 'Desk Lamp' });
    await user.type(screen.getByRole('combobox', { name: 'Add a product to the specials' }), 'canvas');
    await user.click(await screen.findByText('#13 Canvas Bag'));
    await waitFor(() => expect(rowNames()).toEqual(['Desk Lamp', 'Canvas Bag']));
    expect(puts.at(-1)).toEqual([11, 13]);
    expect(await screen.findByText('Added to the specials')).toBeInTheDocument();
  });
});
