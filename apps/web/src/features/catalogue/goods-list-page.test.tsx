import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { RATES, fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { session } from '../../lib/session';
import { Providers } from '../../app/providers';
import { setPrefetchClient } from '../../lib/prefetch';
import { createQueryClient } from '../../lib/query-client';
import GoodsListPage, { loader } from './goods-list-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('catalogue'));

const TREE = [
  {
    categoryId: 4,
    parentId: null,
    categoryName: 'Fashion',
    icon: 'fashion',
    position: 0,
    children: [{ categoryId: 30, parentId: 4, categoryName: 'T-Shirts', icon: 'fashion', position: 0, children: [] }],
  },
  { categoryId: 1, parentId: null, categoryName: 'Bags', icon: 'bags', position: 1, children: [] },
];

const product = (prodId: number, price: number) => ({
  prodId,
  prodName: `Product ${prodId}`,
  pic: `/api/files/demo/p${prodId}.svg`,
  price,
  oriPrice: price + 5,
  categoryId: 30,
  sales: 1,
  tags: [],
  warehouse: 'CN',
});

/** The search API: 45 products, 20 per page, unless `empty`. */
function searchApi(empty = false) {
  return fakeApi({
    'GET /api/category/categories': () => envelope(TREE),
    'GET /api/prod/search': (url) => {
      const current = Number(url.searchParams.get('current') ?? 1);
      const total = empty ? 0 : 45;
      const records = empty
        ? []
        : Array.from({ length: current < 3 ? 20 : 5 }, (_, i) => product(current * 100 + i, 10 + i));
      return envelope({ records, total, size: 20, current, pages: Math.ceil(total / 20) });
    },
  });
}

const searchCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === '/api/prod/search');

function renderList(path: string) {
  return renderRoutes([{ path: '/goodslist', element: <GoodsListPage /> }], path);
}

afterEach(() => vi.unstubAllGlobals());

describe('goods list', () => {
  it('a signed-in owner selects products across pages and lists them into a store at once; a visitor sees no boxes', async () => {
    searchApi();
    renderList('/goodslist?keyword=shirt');
    await screen.findByText('45 products');
    expect(screen.queryByRole('checkbox', { name: 'Select to list' })).not.toBeInTheDocument();
    session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
    const user = userEvent.setup();
    const boxes = await screen.findAllByRole('checkbox', { name: 'Select to list' });
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    const bar = screen.getByRole('region', { name: 'Products selected to list' });
    expect(within(bar).getByText('2 selected (at most 50)')).toBeInTheDocument();
    // Page 1's products are 100, 101, 102, …: the first and the third stay selected.
    expect(within(bar).getByRole('link', { name: 'List to store' })).toHaveAttribute(
      'href',
      '/user/listed?list=100,102',
    );
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Products selected to list' })).not.toBeInTheDocument();
    session.clear();
  });

  it('restores every control from the URL and asks the server with it', async () => {
    const fetchMock = searchApi();
    session.set({ pay_rate: RATES[1]! }); // EUR
    renderList('/goodslist?keyword=shirt&categoryId=30&minPrice=10&maxPrice=40&currency=GBP&sort=price_asc&current=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “shirt”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    // The range keeps the currency it was written in (the link's), not the visitor's EUR.
    expect(screen.getByRole('heading', { name: 'Price (GBP)' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('10.00');
    expect(screen.getByLabelText('To')).toHaveValue('40.00');
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(tree).getByRole('link', { name: 'T-Shirts' })).toHaveAttribute('aria-current', 'page');
    // The branch above the current category is open.
    expect(within(tree).getByRole('button', { name: 'Hide the subcategories of Fashion' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await screen.findByText('45 products')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    const call = searchCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      keyword: 'shirt',
      categoryId: '30',
      minPrice: '10',
      maxPrice: '40',
      currency: 'GBP',
      sort: 'price_asc',
      current: '2',
      size: '20',
    });
    // The header's search box shows the keyword looked at.
    expect(session.get().searchWord).toBe('shirt');
  });

  it('puts a sort change in the URL and starts again at page 1; the back button undoes it', async () => {
    searchApi();
    const user = userEvent.setup();
    const { router } = renderList('/goodslist?current=2');
    await screen.findByText('45 products');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_desc'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?current=2'));
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveValue('relevance'));
  });

  it('pages with links that keep the filters', async () => {
    const fetchMock = searchApi();
    const user = userEvent.setup();
    const { router } = renderList('/goodslist?sort=newest');
    await screen.findByText('45 products');
    const paging = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(paging).getByText('Previous')).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(paging).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest&current=2'));
    await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.searchParams.get('current')).toBe('2'));
    expect(await screen.findByRole('link', { name: 'Product 200' })).toHaveAttribute(
      'href',
      '/productdetails?prodId=200',
    );
  });

  it('applies a price range in the visitor’s currency; amounts are checked and formatted on blur', async () => {
    const fetchMock = searchApi();
    session.set({ pay_rate: RATES[3]! }); // TRY
    const user = userEvent.setup();
    const { router } = renderList('/goodslist?categoryId=4&current=3');
    await screen.findByText('45 products');
    expect(screen.getByRole('heading', { name: 'Price (TRY)' })).toBeInTheDocument();

    const min = screen.getByLabelText('From');
    const max = screen.getByLabelText('To');
    await user.type(min, '50');
    await user.type(max, '1.234');
    await user.tab();
    expect(min).toHaveValue('50.00'); // formatted when it lost focus
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('At most 2 decimals')).toBeInTheDocument();
    expect(max).toHaveAttribute('aria-invalid', 'true');

    await user.clear(max);
    await user.type(max, '20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The upper price must not be lower than the lower one')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?categoryId=4&current=3');

    await user.clear(max);
    await user.type(max, '120.5');
    await user.click(min); // blur formats the amount
    expect(max).toHaveValue('120.50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?categoryId=4&minPrice=50&maxPrice=120.5&currency=TRY'),
    );
    await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.searchParams.get('currency')).toBe('TRY'));
    expect(screen.getByRole('link', { name: 'Remove the price range' })).toHaveTextContent('TRY 50.00 – 120.50');
  });

  it('shows an empty state with a way out when nothing matches', async () => {
    searchApi(true);
    renderList('/goodslist?keyword=unicorn');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Clear all filters' }).at(-1)).toHaveAttribute('href', '/goodslist');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('opens and closes a branch of the category tree', async () => {
    searchApi();
    const user = userEvent.setup();
    renderList('/goodslist');
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    expect(await within(tree).findByRole('link', { name: 'All categories' })).toHaveAttribute('aria-current', 'page');
    const toggle = within(tree).getByRole('button', { name: 'Show the subcategories of Fashion' });
    expect(within(tree).queryByRole('link', { name: 'T-Shirts' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(tree).getByRole('link', { name: 'T-Shirts' })).toHaveAttribute('href', '/goodslist?categoryId=30');
  });

  it('the route loader starts the search and the tree before the page renders; the page uses those answers', async () => {
    const fetchMock = searchApi();
    session.set({ pay_rate: RATES[1]! }); // EUR
    const client = createQueryClient();
    setPrefetchClient(client);
    try {
      const router = createMemoryRouter([{ path: '/goodslist', loader, element: <GoodsListPage /> }], {
        initialEntries: ['/goodslist?keyword=shirt&categoryId=30&sort=price_asc'],
      });
      // Nothing is rendered yet: the router's loader has sent both requests.
      const sent = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname);
      await waitFor(() =>
        expect(sent()).toEqual(expect.arrayContaining(['/api/prod/search', '/api/category/categories'])),
      );
      render(
        <Providers queryClient={client}>
          <RouterProvider router={router} />
        </Providers>,
      );
      expect(await screen.findByText('45 products')).toBeInTheDocument();
      expect(await screen.findByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
      // Under the page's own keys: each was asked for once.
      expect(searchCalls(fetchMock)).toHaveLength(1);
      expect(sent().filter((p) => p === '/api/category/categories')).toHaveLength(1);
      expect(Object.fromEntries(searchCalls(fetchMock)[0]!.searchParams)).toMatchObject({
        keyword: 'shirt',
        categoryId: '30',
        sort: 'price_asc',
      });
    } finally {
      setPrefetchClient(null);
    }
  });
});
