import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeApi } from '../../test/fake-api';
import { envelope } from '../../test/render';
import { Providers } from '../../app/providers';
import { setPrefetchClient } from '../../lib/prefetch';
import { createQueryClient } from '../../lib/query-client';
import { loadNamespace } from '../../lib/i18n';
import GoodsListPage, { loader } from './goods-list-page';

// The goods list drawn from the answers the server put in its HTML (decision 0122): no search
// and no category tree asked of the API for the first screen; the next page is asked as before.
beforeAll(() => loadNamespace('catalogue'));

const TREE = [{ categoryId: 7, parentId: null, categoryName: 'Bags', icon: 'bags', position: 0, children: [] }];
const card = (prodId: number, name: string) => ({
  prodId,
  prodName: name,
  pic: `/api/files/demo/p${prodId}.svg`,
  price: 12,
  oriPrice: 0,
  categoryId: 7,
  sales: 1,
  tags: [],
  warehouse: 'CN',
});

describe('goods list with its first answers in the page', () => {
  it('shows the embedded search and tree without asking for them; the next page is asked for', async () => {
    // The keys the server writes for /goodslist?categoryId=7&sort=price_asc&current=2&shipsTo=us
    // (apps/server catalogue.first-answers.test.ts).
    const search = {
      code: '00000',
      success: true,
      msg: 'ok',
      data: { records: [card(1, 'Embedded tote')], total: 41, size: 20, current: 2, pages: 3 },
    };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'first-answers';
    script.textContent = JSON.stringify({
      lang: 'en-US',
      answers: {
        '/api/prod/search?categoryId=7&current=2&shipsTo=US&size=20&sort=price_asc': search,
        '/api/category/categories': { code: '00000', success: true, msg: 'ok', data: TREE },
      },
    });
    document.body.append(script);

    const fetchMock = fakeApi({
      'GET /api/category/categories': () => envelope(TREE),
      'GET /api/prod/search': (url) =>
        envelope({
          records: [card(2, `Asked page ${url.searchParams.get('current')}`)],
          total: 41,
          size: 20,
          current: 3,
          pages: 3,
        }),
    });
    const asked = (path: string) =>
      fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === path);
    const client = createQueryClient();
    setPrefetchClient(client);
    try {
      const router = createMemoryRouter([{ path: '/goodslist', loader, element: <GoodsListPage /> }], {
        initialEntries: ['/goodslist?categoryId=7&sort=price_asc&current=2&shipsTo=us'],
      });
      render(
        <Providers queryClient={client}>
          <RouterProvider router={router} />
        </Providers>,
      );
      expect(await screen.findByText('Embedded tote')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Bags' })).toBeInTheDocument();
      expect(asked('/api/prod/search')).toHaveLength(0);
      expect(asked('/api/category/categories')).toHaveLength(0);

      await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
      expect(await screen.findByText('Asked page 3')).toBeInTheDocument();
      await waitFor(() => expect(asked('/api/prod/search')).toHaveLength(1));
    } finally {
      setPrefetchClient(null);
      script.remove();
    }
  });
});
