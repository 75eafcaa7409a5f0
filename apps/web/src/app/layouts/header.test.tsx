import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { session } from '../../lib/session';
import { Outlet } from 'react-router';
import { Header } from './header';

/** The header on a page, plus the pages its links lead to. */
function renderHeader(path = '/index') {
  const page = (name: string) => ({ path: name, element: <p>{`page ${name}`}</p> });
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [page('index'), page('goodslist'), page('login'), page('user/*')],
      },
    ],
    path,
  );
}

let fetchMock: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock = fakeApi({ 'POST /api/logout': () => envelope(null) });
});
afterEach(() => vi.unstubAllGlobals());

describe('header', () => {
  it('shows a log-in button, not the account menu, to a visitor', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('shows the account menu only with a token AND user status "1"', () => {
    session.login({ accessToken: 't', shopName: 'Sunny Shop', userId: 1, userInfo: { status: '0' } });
    const view = renderHeader();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    view.unmount();

    session.set({ admin_token: null, user_info: { status: '1' } });
    const noToken = renderHeader();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    noToken.unmount();

    session.login({ accessToken: 't', shopName: 'Sunny Shop', userId: 1, userInfo: { status: '1' } });
    renderHeader();
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveTextContent('Sunny Shop');
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveAccessibleName('Sunny Shop, Account menu');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('account menu links to the account pages; logout calls the API, clears the session and goes to /login', async () => {
    const user = userEvent.setup();
    session.login({ accessToken: 't', shopName: 'Sunny Shop', userId: 1, userInfo: { status: '1' } });
    localStorage.setItem('walletStatus', '"open"');
    const { router } = renderHeader();

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const links = screen.getAllByRole('link').filter((a) => a.closest('.user-menu-list'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Account', '/user/profile'],
      ['Wallet', '/user/walletbalance'],
      ['Products', '/user/wishlist'],
      ['Orders', '/user/storeorder'],
      ['Listings', '/user/listed'],
      ['Connections', '/user/connection'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logout = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/logout' && init?.method === 'POST');
    expect(logout).toBeDefined();
    expect(session.get().admin_token).toBeNull();
    expect(localStorage.getItem('walletStatus')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('gives the operator, and only the operator, a way into the console from the account menu', async () => {
    const user = userEvent.setup();
    session.login({ accessToken: 't', shopName: 'Sunny Shop', userId: 1, userInfo: { status: '1', role: 'user' } });
    const owner = renderHeader();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
    owner.unmount();

    session.login({ accessToken: 't', shopName: 'Ops', userId: 2, userInfo: { status: '1', role: 'operator' } });
    renderHeader();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('link', { name: 'Operator console' })).toHaveAttribute('href', '/admin');
  });

  it('shows the cart badge only when the count is above 0', () => {
    const view = renderHeader();
    const cart = screen.getByRole('link', { name: 'Shopping cart' });
    expect(cart).toHaveAttribute('href', '/user/shoppingcart');
    expect(within(cart).queryByText(/\d/)).not.toBeInTheDocument();
    view.unmount();

    session.set({ shoppingCartCount: 3 });
    renderHeader();
    const withItems = screen.getByRole('link', { name: 'Shopping cart (3)' });
    expect(within(withItems).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My stores' })).toHaveAttribute('href', '/user/shopify');
  });

  it('reads the badge from GET /api/p/shopCart/count when logged in, and never asks for a visitor', async () => {
    renderHeader().unmount();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/p/shopCart'))).toBe(false);

    fetchMock = fakeApi({ 'GET /api/p/shopCart/count': () => envelope({ count: 7, lines: 2 }) });
    session.login({ accessToken: 't', shopName: 'Sunny Shop', userId: 1, userInfo: { status: '1', role: 'user' } });
    renderHeader();
    const cart = await screen.findByRole('link', { name: 'Shopping cart (7)' });
    expect(within(cart).getByText('7')).toBeInTheDocument();
    expect(session.get().shoppingCartCount).toBe(7);
  });

  it('search stores the word and opens /goodslist?keyword=<word>', async () => {
    const user = userEvent.setup();
    const { router } = renderHeader();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'phone case{Enter}');
    expect(router.state.location.pathname).toBe('/goodslist');
    expect(router.state.location.search).toBe('?keyword=phone%20case');
    expect(session.get().searchWord).toBe('phone case');
    expect(localStorage.getItem('searchWord')).toBe('phone case');
  });

  it('switches language in place: header text changes, typed text stays, <html lang> and lang follow', async () => {
    const user = userEvent.setup();
    renderHeader();
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(search, 'lampe de bureau');

    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('English');
    await user.click(language);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '简体中文',
      'English',
      'Français',
      'Türkçe',
    ]);
    await user.type(language, 'fran');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Français']);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des produits' })).toHaveValue('lampe de bureau');
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('Français');
    expect(document.documentElement.lang).toBe('fr-FR');
    expect(session.get().lang).toBe('fr-FR');
  });

  it('language selector works from the keyboard alone and filters by typing', async () => {
    const user = userEvent.setup();
    renderHeader();
    const language = screen.getByRole('combobox', { name: 'Language' });
    language.focus();
    await user.keyboard('{ArrowDown}');
    expect(language).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}'); // English → Français → Türkçe
    expect(await screen.findByRole('link', { name: 'Giriş yap' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Dil' }));
    await user.keyboard('zzz');
    expect(screen.getByText('Eşleşme yok')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Dil' })).toHaveValue('Türkçe');
  });

  it('currency selector lists the rates and stores the chosen record as pay_rate', async () => {
    const user = userEvent.setup();
    renderHeader();
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(currency).toBeEnabled());
    await user.click(currency);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['USD $', 'EUR €', 'GBP £', 'TRY ₺']);
    await user.click(screen.getByRole('option', { name: 'GBP £' }));
    expect(session.get().pay_rate).toEqual({ currencyCode: 'GBP', symbol: '£', name: 'Pound sterling', rate: 0.79 });
    expect(currency).toHaveValue('GBP £');
  });
});
