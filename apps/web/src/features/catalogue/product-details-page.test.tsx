import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATES, fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import ProductDetailsPage from './product-details-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('catalogue'));

const sku = (skuId: number, properties: string, price: number, stocks: number, pic: string) => ({
  skuId,
  skuCode: `DM-${skuId}`,
  skuName: properties,
  price,
  oriPrice: price + 10,
  stocks,
  weight: skuId / 10,
  length: 20,
  width: 10,
  height: 5,
  pic,
  properties,
});

// Red/S in stock, Red/M out of stock, Blue/S in stock, Blue/M does not exist.
const PRODUCT = {
  prodId: 7,
  prodName: 'Canvas Tote',
  pic: '/img/red.svg',
  imgs: ['/img/red.svg', '/img/blue.svg'],
  price: 10,
  oriPrice: 20,
  brief: 'A sturdy tote.',
  content: '<p>Made of <strong>canvas</strong>. See the <a href="/shippingpolicy">shipping policy</a>.</p>',
  categoryId: 3,
  totalStocks: 8,
  sales: 12,
  attribute: 'general',
  warehouse: 'CN',
  tags: [{ tagId: 1, code: 'new', name: 'New arrivals' }],
  skuList: [
    sku(11, 'Colour:Red;Size:S', 10, 5, '/img/red.svg'),
    sku(12, 'Colour:Red;Size:M', 12, 0, '/img/red.svg'),
    sku(13, 'Colour:Blue;Size:S', 14.5, 3, '/img/blue.svg'),
  ],
  specs: [
    { name: 'Colour', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'M'] },
  ],
};

const QUOTE = {
  options: [
    { methodId: 2, code: 'EXPRESS', name: 'Express', price: 20, days: { min: 3, max: 5 }, chargeableWeight: 1.2 },
    { methodId: 1, code: 'POST', name: 'Post', price: 4.5, days: { min: 15, max: 30 }, chargeableWeight: 1.1 },
  ],
  excluded: [],
};

function productApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/prod/prodInfo': (url) =>
      url.searchParams.get('prodId') === '7'
        ? envelope(PRODUCT)
        : envelope(null, { code: 'A00006', msg: 'The product was not found', status: 404 }),
    'GET /api/category/categories': () => envelope([]),
    'GET /api/countries': () =>
      envelope([
        { code: 'FR', name: 'France' },
        { code: 'US', name: 'United States' },
      ]),
    ...extra,
  });
}

function renderProduct(path: string) {
  return renderRoutes(
    [
      { path: '/productdetails', element: <ProductDetailsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('product details', () => {
  it('changing the variant updates price, original price, stock, SKU code, weight, picture and URL', async () => {
    productApi();
    const user = userEvent.setup();
    const { router } = renderProduct('/productdetails?prodId=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' })).toBeInTheDocument();

    // First in-stock SKU: Red / S.
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByTestId('stock')).toHaveTextContent('5 in stock');
    expect(screen.getByTestId('sku-code')).toHaveTextContent('DM-11');
    expect(screen.getByTestId('weight')).toHaveTextContent('1.1 kg');
    const colour = screen.getByRole('group', { name: /Colour/ });
    const size = screen.getByRole('group', { name: /Size/ });
    expect(within(colour).getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    // Red / M is out of stock: struck through, yet the shopper may still look at it.
    expect(within(size).getByRole('button', { name: 'M' })).toHaveAttribute('data-unavailable');
    expect(within(size).getByRole('button', { name: 'M' })).toBeEnabled();

    await user.click(within(colour).getByRole('button', { name: 'Blue' }));
    expect(screen.getByText('$14.50')).toBeInTheDocument();
    expect(screen.getByText('$24.50')).toBeInTheDocument();
    expect(screen.getByTestId('stock')).toHaveTextContent('3 in stock');
    expect(screen.getByTestId('sku-code')).toHaveTextContent('DM-13');
    expect(screen.getByTestId('weight')).toHaveTextContent('1.3 kg');
    expect(screen.getByRole('img', { name: /Canvas Tote, picture 2 of 2/ })).toHaveAttribute('src', '/img/blue.svg');
    // Blue / M does not exist: M is struck through and leads to Red / M (the only M).
    expect(within(size).getByRole('button', { name: 'M' })).toHaveAttribute('data-unavailable');
    expect(router.state.location.search).toBe('?prodId=7&skuId=13');

    await user.click(within(size).getByRole('button', { name: 'M' }));
    expect(screen.getByTestId('sku-code')).toHaveTextContent('DM-12');
    expect(screen.getByTestId('stock')).toHaveTextContent('Out of stock');
    expect(within(colour).getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?prodId=7&skuId=12');
  });

  it('"Buy now" opens the checkout with the chosen variant and quantity; it is off for a variant out of stock', async () => {
    productApi();
    const user = userEvent.setup();
    const { router } = renderProduct('/productdetails?prodId=7&skuId=12');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' });
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeDisabled();
    await user.click(within(screen.getByRole('group', { name: /Colour/ })).getByRole('button', { name: 'Blue' }));
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/paynoworder'));
    expect(router.state.location.search).toBe('?prodId=7&skuId=13&count=1');
  });

  it('shows prices in the chosen currency with two decimals', async () => {
    productApi();
    session.set({ pay_rate: RATES[1]! }); // EUR 0.92
    renderProduct('/productdetails?prodId=7&skuId=13');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' });
    expect(screen.getByText('€13.34')).toBeInTheDocument(); // 14.50 × 0.92
    expect(screen.getByTestId('sku-code')).toHaveTextContent('DM-13');
  });

  it('keeps the quantity an integer from 1 to the stock', async () => {
    productApi();
    const user = userEvent.setup();
    renderProduct('/productdetails?prodId=7');
    const quantity = await screen.findByLabelText('Quantity');
    const minus = screen.getByRole('button', { name: 'Decrease the quantity' });
    const plus = screen.getByRole('button', { name: 'Increase the quantity' });
    expect(quantity).toHaveValue('1');
    expect(minus).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '99');
    expect(quantity).toHaveValue('5'); // stock of Red / S
    expect(plus).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '2.5x');
    expect(quantity).toHaveValue('5'); // digits only: "25" → the stock

    await user.clear(quantity);
    await user.tab();
    expect(quantity).toHaveValue('1'); // empty → 1 on blur

    await user.click(plus);
    await user.click(plus);
    expect(quantity).toHaveValue('3');
    // Blue / S has 3 in stock; a quantity above a new SKU's stock follows it down.
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(quantity).toHaveValue('5');
    await user.click(within(screen.getByRole('group', { name: /Colour/ })).getByRole('button', { name: 'Blue' }));
    await waitFor(() => expect(quantity).toHaveValue('3'));
  });

  it('estimates shipping to a chosen country for the SKU and quantity, cheapest first', async () => {
    const fetchMock = productApi({ 'POST /api/logistics/prod/price': () => envelope(QUOTE) });
    const user = userEvent.setup();
    renderProduct('/productdetails?prodId=7');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' });
    expect(screen.getByText('Choose a country to see the shipping methods and prices.')).toBeInTheDocument();

    const country = screen.getByRole('combobox', { name: 'Ship to' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.click(country);
    await user.type(country, 'fra');
    await user.click(screen.getByRole('option', { name: 'France' }));

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Post', 'Express']);
    expect(rows[0]).toHaveTextContent('15–30 days');
    expect(rows[0]).toHaveTextContent('1.1 kg');
    expect(rows[0]).toHaveTextContent('$4.50');

    // The "ships to" line asked for the visitor's own country first (ships-to.test.tsx): the estimate's is France.
    const [, init] = fetchMock.mock.calls.filter(([u]) => String(u) === '/api/logistics/prod/price').at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ prodId: 7, skuId: 11, count: 1, countryCode: 'FR' });
  });

  it('says "No shipping method delivers to France" with the reasons when no method ships there, without a toast', async () => {
    productApi({
      'POST /api/logistics/prod/price': () =>
        envelope({
          options: [],
          excluded: [
            {
              methodId: 1,
              code: 'POST',
              name: 'Post',
              reasonCode: 'destination',
              reason: 'Does not deliver to France',
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderProduct('/productdetails?prodId=7');
    const country = await screen.findByRole('combobox', { name: 'Ship to' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.click(country);
    await user.click(screen.getByRole('option', { name: 'France' }));
    expect(await screen.findByText('No shipping method delivers to France.')).toBeInTheDocument();
    expect(screen.getByText('Post: Does not deliver to France')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(toast.list()).toEqual([]);
  });

  it('"List to my store" opens the listing dialog on /user/listed, through the log-in for a visitor', async () => {
    productApi();
    const user = userEvent.setup();
    const { router } = renderProduct('/productdetails?prodId=7');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' });
    await user.click(screen.getByRole('button', { name: 'List to my store' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/user/listed?list=7')}`);
    session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
    const again = renderProduct('/productdetails?prodId=7');
    await user.click((await screen.findAllByRole('button', { name: 'List to my store' })).at(-1)!);
    expect(again.router.state.location.pathname + again.router.state.location.search).toBe('/user/listed?list=7');
    expect(toast.list()).toEqual([]);
  });

  it('sends a visitor to log in from "Add to cart" and "Add to wish list", back to this product afterwards', async () => {
    const fetchMock = productApi();
    const user = userEvent.setup();
    const { router } = renderProduct('/productdetails?prodId=7');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/productdetails?prodId=7')}`);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/p/shopCart'))).toBe(false);
  });

  it('adds the chosen variant and quantity to the cart and updates the badge; adds to the wish list', async () => {
    session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
    const bodies: Array<[string, unknown]> = [];
    productApi({
      'POST /api/p/shopCart': (_url, init) => {
        bodies.push(['cart', JSON.parse(String(init.body))]);
        return envelope({ basketId: 1, count: 2, cart: { count: 4, lines: 2 } });
      },
      'POST /api/p/wishlist': (_url, init) => {
        bodies.push(['wish', JSON.parse(String(init.body))]);
        return envelope({ id: 9 });
      },
    });
    const user = userEvent.setup();
    renderProduct('/productdetails?prodId=7');
    await screen.findByRole('heading', { level: 1, name: 'Canvas Tote' });
    await user.click(screen.getByRole('button', { name: 'Increase the quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(session.get().shoppingCartCount).toBe(4));
    await user.click(screen.getByRole('button', { name: 'Add to wish list' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    const skuId = (bodies[0]![1] as { skuId: number }).skuId;
    expect(bodies).toEqual([
      ['cart', { prodId: 7, skuId, count: 2 }],
      ['wish', { prodId: 7, skuId }],
    ]);
    await waitFor(() =>
      expect(toast.list().map((t) => t.text)).toEqual(['Added to the cart', 'Added to the wish list']),
    );
  });

  it('renders the sanitized description and follows its links inside the app', async () => {
    productApi();
    const user = userEvent.setup();
    const { router } = renderProduct('/productdetails?prodId=7');
    const description = await screen.findByRole('region', { name: 'Description' });
    expect(within(description).getByText('canvas').tagName).toBe('STRONG');
    await user.click(within(description).getByRole('link', { name: 'shipping policy' }));
    expect(router.state.location.pathname).toBe('/shippingpolicy');
  });

  it.each([
    ['an unknown id', '/productdetails?prodId=999'],
    ['no id', '/productdetails'],
    ['a malformed id', '/productdetails?prodId=abc'],
  ])('shows "The product was not found" for %s, without a warning toast', async (_, path) => {
    productApi();
    renderProduct(path);
    expect(await screen.findByRole('heading', { name: 'The product was not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/goodslist');
    expect(toast.list()).toEqual([]);
  });
});
