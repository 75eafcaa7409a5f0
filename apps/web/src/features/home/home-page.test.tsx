import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import HomePage from './home-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('home'));

const BANNERS = [1, 2, 3].map((n) => ({
  imgId: n,
  imgUrl: `/api/content/images/banner-${n}.svg`,
  link: n === 2 ? '/shippingfee' : '',
  title: `Banner ${n}`,
  alt: `Picture ${n}`,
  seq: n,
}));
const item = (prodId: number) => ({
  prodId,
  prodName: `Product ${prodId}`,
  pic: `/p/${prodId}.svg`,
  price: 5,
  oriPrice: 8,
  categoryId: 1,
  sales: 0,
  tags: [],
  warehouse: 'CN',
});

function homeApi() {
  return fakeApi({
    'GET /api/indexImgs': () => envelope(BANNERS),
    'GET /api/shop/notice/topNoticeList': () =>
      envelope([
        {
          id: 1,
          title: 'Welcome aboard',
          body: '<p>Read <a href="/howitworks">how it works</a>.</p>',
          pinned: true,
          publishedAt: '2026-01-01T00:00:00Z',
        },
        { id: 2, title: 'Old news', body: '<p>x</p>', pinned: false, publishedAt: '2026-01-01T00:00:00Z' },
      ]),
    'GET /api/category/categories': () =>
      envelope([
        { categoryId: 11, parentId: null, categoryName: 'Bags', icon: 'bags', position: 0, children: [] },
        { categoryId: 12, parentId: null, categoryName: 'Pets', icon: 'pet', position: 1, children: [] },
      ]),
    'GET /api/prod/tag/prodTagList': () =>
      envelope([
        { tagId: 1, code: 'new', name: 'New arrivals' },
        { tagId: 2, code: 'trending', name: 'Trending' },
      ]),
    'GET /api/prod/prodListByTagId': (url) => {
      const base = url.searchParams.get('tagId') === '1' ? 100 : 200;
      return envelope({ records: [item(base + 1), item(base + 2)], total: 2, size: 10, current: 1, pages: 1 });
    },
  });
}

function renderHome() {
  return renderRoutes(
    [
      { path: '/index', element: <HomePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/index',
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('paints the hero and the 18 market tiles before any data, then links tiles to their category', async () => {
    homeApi();
    renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Source products from China for your online store' }),
    ).toBeInTheDocument();
    const market = screen.getByRole('region', { name: 'Commodity market' });
    expect(within(market).getAllByRole('listitem')).toHaveLength(18);
    expect(within(market).getByRole('link', { name: 'Weddings' })).toHaveAttribute('href', '/goodslist');

    expect(await within(market).findByRole('link', { name: 'Pets' })).toHaveAttribute(
      'href',
      '/goodslist?categoryId=12',
    );
    expect(within(market).getByRole('link', { name: 'Bags' })).toHaveAttribute('href', '/goodslist?categoryId=11');
  });

  it('shows new and trending products as cards with the price and the struck original price', async () => {
    homeApi();
    renderHome();
    const shelf = screen.getByRole('region', { name: 'New arrivals' });
    const card = await within(shelf).findByRole('link', { name: 'Product 101' });
    expect(card).toHaveAttribute('href', '/productdetails?prodId=101');
    const li = card.closest('li')!;
    expect(within(li).getByText('$5.00')).toBeInTheDocument();
    expect(within(li).getByText('$8.00').closest('del')).not.toBeNull();
    expect(
      await within(screen.getByRole('region', { name: 'Trending' })).findByRole('link', { name: 'Product 201' }),
    ).toBeInTheDocument();
  });

  it('shows only the pinned notices, each opening its text', async () => {
    homeApi();
    renderHome();
    const notices = await screen.findByRole('region', { name: 'Notices' });
    expect(await within(notices).findByText('Welcome aboard')).toBeInTheDocument();
    expect(within(notices).queryByText('Old news')).not.toBeInTheDocument();
  });

  it('has an accessible carousel: previous / next, a button per slide, and pause', async () => {
    homeApi();
    const user = userEvent.setup();
    renderHome();
    const carousel = await screen.findByRole('region', { name: 'Featured' });
    await within(carousel).findByRole('button', { name: 'Next slide' });
    const slide = (n: number) => carousel.querySelector<HTMLElement>(`[role="group"][aria-label="${n} of 3"]`)!;
    expect(slide(1)).toBeVisible();
    expect(slide(2)).not.toBeVisible();
    expect(within(slide(1)).getByRole('img', { name: 'Picture 1' })).toHaveAttribute('width', '1200');

    await user.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(slide(2)).toBeVisible();
    expect(within(slide(2)).getByRole('link')).toHaveAttribute('href', '/shippingfee');
    await user.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
    await user.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
    expect(slide(3)).toBeVisible();
    await user.click(within(carousel).getByRole('button', { name: 'Show slide 1: Banner 1' }));
    expect(within(carousel).getByRole('button', { name: 'Show slide 1: Banner 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    const pause = within(carousel).getByRole('button', { name: 'Pause the slides' });
    await user.click(pause);
    expect(within(carousel).getByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
  });

  it('rotates every 6 seconds until paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    homeApi();
    renderHome();
    const carousel = await screen.findByRole('region', { name: 'Featured' });
    await within(carousel).findByRole('button', { name: 'Next slide' });
    const slide = (n: number) => carousel.querySelector<HTMLElement>(`[role="group"][aria-label="${n} of 3"]`)!;
    expect(slide(1)).toBeVisible();
    act(() => vi.advanceTimersByTime(6000));
    expect(slide(2)).toBeVisible();
    act(() => within(carousel).getByRole('button', { name: 'Pause the slides' }).click());
    act(() => vi.advanceTimersByTime(20_000));
    expect(slide(2)).toBeVisible();
    expect(within(carousel).getByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
  });
});
