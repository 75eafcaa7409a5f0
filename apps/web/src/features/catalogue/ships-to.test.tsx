import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@dsm/contract';
import { fakeApi } from '../../test/fake-api';
import { listItem, savedAddress } from '../../test/factories';
import { envelope, renderRoutes } from '../../test/render';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { session } from '../../lib/session';
import GoodsListPage from './goods-list-page';
import ProductDetailsPage from './product-details-page';

/** Countries and warehouses as the server names them in each language. */
const COUNTRIES: Record<Locale, Record<string, string>> = {
  'en-US': { FR: 'France', US: 'United States' },
  'zh-CN': { FR: '法国', US: '美国' },
  'fr-FR': { FR: 'France', US: 'États-Unis' },
  'tr-TR': { FR: 'Fransa', US: 'Amerika Birleşik Devletleri' },
};
const WAREHOUSES: Record<Locale, Record<string, string>> = {
  'en-US': { CN: 'China warehouse (Shenzhen)', US: 'US warehouse (Los Angeles)' },
  'zh-CN': { CN: '中国仓（深圳）', US: '美国仓（洛杉矶）' },
  'fr-FR': { CN: 'Entrepôt Chine (Shenzhen)', US: 'Entrepôt États-Unis (Los Angeles)' },
  'tr-TR': { CN: 'Çin deposu (Shenzhen)', US: 'ABD deposu (Los Angeles)' },
};
/** The seeded reach: the US warehouse ships to the US (and Canada) only. */
const REACH: Record<string, string[]> = { FR: ['CN', 'EU'], US: ['CN', 'EU', 'US'] };

function shopApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  const lang = () => session.get().lang;
  return fakeApi({
    'GET /api/category/categories': () => envelope([]),
    'GET /api/countries': () => envelope(Object.entries(COUNTRIES[lang()]).map(([code, name]) => ({ code, name }))),
    'GET /api/logistics/warehouse': () =>
      envelope(Object.entries(WAREHOUSES[lang()]).map(([code, name]) => ({ code, name, country: code }))),
    'GET /api/logistics/ships-to': (url) => {
      const country = url.searchParams.get('country')!;
      return envelope({ country, warehouses: REACH[country] ?? [] });
    },
    'GET /api/prod/search': (url) => {
      const shipsTo = url.searchParams.get('shipsTo');
      const records = [listItem(1, { prodName: 'Kettle' }), listItem(2, { prodName: 'Chair', warehouse: 'US' })];
      const shown = shipsTo ? records.filter((r) => REACH[shipsTo]?.includes(r.warehouse)) : records;
      return envelope({ records: shown, total: shown.length, size: 20, current: 1, pages: 1 });
    },
    ...extra,
  });
}

const searchCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === '/api/prod/search');
const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;

// The goods list's and product page's texts load with their pages (decision 0109).
beforeAll(() => Promise.all([loadNamespace('catalogue'), loadNamespace('logistics')]));
afterEach(() => vi.unstubAllGlobals());

describe('goods list: ships from, and the "Ships to <country>" switch', () => {
  it('a visitor picks a country, sees which cards do not ship there, and filters to it through the URL', async () => {
    const fetchMock = shopApi();
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/goodslist', element: <GoodsListPage /> }], '/goodslist');

    // The browser speaks en-US: the visitor's country is the United States until they choose.
    const toggle = await screen.findByRole('switch', { name: 'Ships to United States' });
    expect(toggle).not.toBeChecked();
    await screen.findByRole('link', { name: 'Chair' });
    expect(await within(card('Kettle')).findByText('Ships from China warehouse (Shenzhen)')).toBeInTheDocument();
    expect(await within(card('Chair')).findByText('Ships from US warehouse (Los Angeles)')).toBeInTheDocument();
    expect(screen.queryByText(/Does not ship to/)).not.toBeInTheDocument();

    const country = screen.getByRole('combobox', { name: 'Your country' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.click(country);
    await user.click(screen.getByRole('option', { name: 'France' }));
    expect(localStorage.getItem('shipTo')).toBe('FR');
    expect(await within(card('Chair')).findByText('Does not ship to France')).toBeInTheDocument();
    expect(within(card('Kettle')).queryByText('Does not ship to France')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Ships to France' }));
    await waitFor(() => expect(router.state.location.search).toBe('?shipsTo=FR'));
    await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.searchParams.get('shipsTo')).toBe('FR'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chair' })).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Ships to France' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Ships to France' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Chair' })).toBeInTheDocument();
  });

  it("a logged-in user's country is their default consignee's; the link's shipsTo wins over it", async () => {
    session.set({ admin_token: 'token' });
    shopApi({
      'GET /api/p/address': () =>
        envelope([savedAddress({ addrId: 'a2', country: 'US', isDefault: false }), savedAddress({ country: 'FR' })]),
    });
    const { router } = renderRoutes([{ path: '/goodslist', element: <GoodsListPage /> }], '/goodslist');
    expect(await screen.findByRole('switch', { name: 'Ships to France' })).not.toBeChecked();
    expect(screen.getByText(/The country of your default shipping address/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Your country' })).not.toBeInTheDocument();

    await router.navigate('/goodslist?shipsTo=US');
    expect(await screen.findByRole('switch', { name: 'Ships to United States' })).toBeChecked();
  });
});

describe('product page: "Ships from … · Ships to …"', () => {
  const PRODUCT = {
    prodId: 7,
    prodName: 'Canvas Tote',
    pic: '',
    imgs: [],
    price: 10,
    oriPrice: 10,
    brief: '',
    content: '',
    categoryId: 3,
    totalStocks: 5,
    sales: 0,
    attribute: 'battery',
    warehouse: 'CN',
    tags: [],
    skuList: [
      {
        skuId: 11,
        skuCode: 'DM-11',
        skuName: 'Canvas Tote',
        price: 10,
        oriPrice: 10,
        stocks: 5,
        weight: 0.4,
        length: 20,
        width: 10,
        height: 5,
        pic: '',
        properties: '',
      },
    ],
    specs: [],
  };
  const option = (code: string, price: number, min: number, max: number) => ({
    methodId: code.length,
    code,
    name: code,
    price,
    days: { min, max },
    chargeableWeight: 0.5,
  });
  const productPage = () =>
    renderRoutes([{ path: '/productdetails', element: <ProductDetailsPage /> }], '/productdetails?prodId=7');

  it.each([
    ['en-US', 'Ships from China warehouse (Shenzhen)', 'Ships to United States: yes, from {{price}} in 7–15 days'],
    ['zh-CN', '发货仓：中国仓（深圳）', '可配送至美国：运费 {{price}} 起，7–15 天送达'],
    [
      'fr-FR',
      'Expédié depuis : Entrepôt Chine (Shenzhen)',
      'Livrable vers ce pays : États-Unis — oui, à partir de {{price}}, en 7 à 15 jours',
    ],
    [
      'tr-TR',
      'Gönderim deposu: Çin deposu (Shenzhen)',
      'Şu ülkeye gönderilir: Amerika Birleşik Devletleri — evet, {{price}} fiyatından başlayarak, 7–15 günde',
    ],
  ] as const)('in %s: where it ships from, and the cheapest way to the visitor’s country', async (lang, from, to) => {
    await setLanguage(lang);
    const fetchMock = shopApi({
      'GET /api/prod/prodInfo': () => envelope(PRODUCT),
      'POST /api/logistics/prod/price': () =>
        envelope({ options: [option('DHL', 18, 3, 6), option('YUN', 5.8, 7, 15)], excluded: [] }),
    });
    productPage();
    const line = await screen.findByTestId('ships-to');
    await waitFor(() => expect(line).toHaveTextContent(from));
    await waitFor(() =>
      // toHaveTextContent folds white space (French puts a narrow no-break space before the sign).
      expect(line).toHaveTextContent(
        to.replace('{{price}}', formatMoney(5.8, session.get().pay_rate, lang)).replace(/\s+/g, ' '),
      ),
    );
    const asked = fetchMock.mock.calls.find(([u]) => String(u) === '/api/logistics/prod/price');
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ prodId: 7, skuId: 11, count: 1, countryCode: 'US' });
  });

  it('says it does not ship to the chosen country, with the reasons the calculator gave', async () => {
    localStorage.setItem('shipTo', 'FR');
    shopApi({
      'GET /api/prod/prodInfo': () => envelope(PRODUCT),
      'POST /api/logistics/prod/price': () =>
        envelope({
          options: [],
          excluded: [
            { methodId: 1, code: 'POST', name: 'Post', reasonCode: 'attribute', reason: 'Refuses battery goods' },
            { methodId: 2, code: 'SEA', name: 'Sea', reasonCode: 'attribute', reason: 'Refuses battery goods' },
            {
              methodId: 3,
              code: 'DHL',
              name: 'DHL',
              reasonCode: 'weight',
              reason: 'Over the weight limit (2 kg at most)',
            },
            { methodId: 4, code: 'SF', name: 'SF', reasonCode: 'destination', reason: 'Does not deliver to France' },
          ],
        }),
    });
    productPage();
    const line = await screen.findByTestId('ships-to');
    expect(await within(line).findByText('Does not ship to France')).toBeInTheDocument();
    // Each reason once; "does not deliver there" is what the line already says.
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Refuses battery goods', 'Over the weight limit (2 kg at most)']);
  });

  it('follows the country a visitor picks in the shipping estimate', async () => {
    shopApi({
      'GET /api/prod/prodInfo': () => envelope(PRODUCT),
      'POST /api/logistics/prod/price': (_url, init) =>
        JSON.parse(String(init.body)).countryCode === 'FR'
          ? envelope({ options: [], excluded: [] })
          : envelope({ options: [option('YUN', 5.8, 7, 15)], excluded: [] }),
    });
    const user = userEvent.setup();
    productPage();
    const line = await screen.findByTestId('ships-to');
    expect(await within(line).findByText('Ships to United States: yes, from $5.80 in 7–15 days')).toBeInTheDocument();
    const country = screen.getByRole('combobox', { name: 'Ship to' });
    await waitFor(() => expect(country).toBeEnabled());
    await user.click(country);
    await user.click(screen.getByRole('option', { name: 'France' }));
    expect(await within(line).findByText('Does not ship to France')).toBeInTheDocument();
    expect(localStorage.getItem('shipTo')).toBe('FR');
  });
});
