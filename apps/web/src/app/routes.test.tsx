// jsdom lacks ResizeObserver; antd measures tables with it (the wallet page has one).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../test/render';
import { fakeApi } from '../test/fake-api';
import { session } from '../lib/session';
import { page, pages } from './route-kit';
import { patchRoutesOnNavigation, routes } from './routes';

beforeEach(() => {
  fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const where = (router: ReturnType<typeof renderRoutes>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('routes and guards', () => {
  it('sends a visitor without a session from a /user page to /login?redirect=<path+search>', async () => {
    const { router } = renderRoutes(routes, '/user/storeorder?tab=shipped', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
    expect(where(router)).toBe(`/login?redirect=${encodeURIComponent('/user/storeorder?tab=shipped')}`);
  });

  it('guards /aliexpressstatus too', async () => {
    const { router } = renderRoutes(routes, '/aliexpressstatus', patchRoutesOnNavigation);
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(where(router)).toBe('/login?redirect=%2Faliexpressstatus');
  });

  it('opens a /user page with a session, in the account layout, with its title (lowercase alias too)', async () => {
    session.login({ accessToken: 't', shopName: 'Shop', userId: 1, userInfo: { status: '1', role: 'user' } });
    const { router } = renderRoutes(routes, '/user/walletbalance', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet balance' })).toBeInTheDocument();
    // The real page (its own lazy texts loaded with it), not the coming-soon note.
    expect(await screen.findByRole('link', { name: 'Export statement (CSV)' })).toBeInTheDocument();
    expect(screen.queryByText(/will be available in an upcoming release/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account sections' })).toBeInTheDocument();
    expect(where(router)).toBe('/user/walletbalance');
  }, 30_000); // the first import of antd and the page's chunk on a cold start

  it('keeps /admin for operators: login first, then a refusal for a plain user, the console for an operator', async () => {
    const first = renderRoutes(routes, '/admin/currencies', patchRoutesOnNavigation);
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(where(first.router)).toBe('/login?redirect=%2Fadmin%2Fcurrencies');
    first.unmount();

    session.login({ accessToken: 't', userInfo: { status: '1', role: 'user' } });
    const second = renderRoutes(routes, '/admin/currencies', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    second.unmount();

    session.login({ accessToken: 't', userInfo: { status: '1', role: 'operator' } });
    renderRoutes(routes, '/admin/currencies', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { level: 1, name: 'Currencies' })).toBeInTheDocument();
  });

  it('lets a personal agent into the sourcing queue only (decision 0127)', async () => {
    session.login({ accessToken: 't', userInfo: { status: '1', role: 'agent' } });
    const refused = renderRoutes(routes, '/admin/currencies', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    refused.unmount();
    const start = renderRoutes(routes, '/admin', patchRoutesOnNavigation);
    await waitFor(() => expect(start.router.state.location.pathname).toBe('/admin/sourcing'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sourcing requests' })).toBeInTheDocument();
  });

  it("lets a personal agent open their desk, not the operator's orders console (decision 0137)", async () => {
    session.login({ accessToken: 't', userInfo: { status: '1', role: 'agent' } });
    const refused = renderRoutes(routes, '/admin/orders', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    refused.unmount();
    renderRoutes(routes, '/admin/desk', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { level: 1, name: 'My users' })).toBeInTheDocument();
  });

  it('redirects / to /index and shows the home page inside the public layout', async () => {
    const { router } = renderRoutes(routes, '/', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { level: 1, name: /Source products from China/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/index');
    expect(screen.getByRole('navigation', { name: 'Site information' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | Dropship Market'));
  });

  it('sends an unknown path to /404, a real page with a link home', async () => {
    const { router } = renderRoutes(routes, '/no/such/page', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/index');
  });

  it('sends an unknown page under /user or /admin to /404 once their page tables are in', async () => {
    session.login({ accessToken: 't', userInfo: { status: '1', role: 'operator' } });
    const user = renderRoutes(routes, '/user/no-such-page', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(user.router.state.location.pathname).toBe('/404');
    user.unmount();
    const admin = renderRoutes(routes, '/admin/no-such-page', patchRoutesOnNavigation);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(admin.router.state.location.pathname).toBe('/404');
  });

  it('shows a page not built yet as "coming soon" with its own title', async () => {
    session.login({ accessToken: 't', userInfo: { status: '1', role: 'user' } });
    // Every page of the route tables is built now (the Excel import was the last): a table of one
    // page declared without its component stands in, as an unbuilt page would be declared.
    renderRoutes([pages([page('/user/excelorderhistory', 'excelorderhistory')])], '/user/excelorderhistory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Excel import history' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/index');
  });
});
