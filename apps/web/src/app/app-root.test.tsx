import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../test/render';
import { fakeApi } from '../test/fake-api';
import { session } from '../lib/session';
import { routes } from './routes';

afterEach(() => vi.unstubAllGlobals());

describe('app-wide behaviour', () => {
  it("on first start stores the language's currency as pay_rate once the rates arrive", async () => {
    fakeApi();
    session.set({ lang: 'tr-TR' });
    renderRoutes(routes, '/index');
    await waitFor(() => expect(session.get().pay_rate?.currencyCode).toBe('TRY'));
  });

  it('a language change fetches the data again in the new language', async () => {
    const fetchMock = fakeApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/index');
    const ratesCalls = () =>
      fetchMock.mock.calls
        .filter(([url]) => String(url) === '/api/currency/rates')
        .map(([, init]) => (init?.headers as Record<string, string>)['Accept-Language']);
    await waitFor(() => expect(ratesCalls()).toEqual(['en-US']));

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: '简体中文' }));
    await waitFor(() => expect(ratesCalls()).toEqual(['en-US', 'zh-CN']));
  });

  it("a language change sets that language's currency; the currency selector overrides it", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/index');
    await waitFor(() => expect(session.get().pay_rate?.currencyCode).toBe('USD'));

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Français' }));
    await waitFor(() => expect(session.get().pay_rate?.currencyCode).toBe('EUR'));

    await user.click(screen.getByRole('combobox', { name: 'Devise' }));
    await user.click(screen.getByRole('option', { name: 'GBP £' }));
    expect(session.get().pay_rate?.currencyCode).toBe('GBP');
    // and it stays chosen (no reset on re-render)
    await act(async () => session.set({ shoppingCartCount: 1 }));
    expect(session.get().pay_rate?.currencyCode).toBe('GBP');
  });

  it('keeps the search word on /goodslist and clears it when the visitor leaves', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/index');
    await user.type(await screen.findByRole('searchbox', { name: 'Search products' }), 'desk lamp{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/goodslist'));
    expect(session.get().searchWord).toBe('desk lamp');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('desk lamp');

    await act(() => router.navigate('/aboutus'));
    await waitFor(() => expect(session.get().searchWord).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('shows the floating contact button with the configured chat link, opening in a new tab', async () => {
    fakeApi();
    renderRoutes(routes, '/index');
    const chat = await screen.findByRole('link', { name: 'Chat with us (opens in a new tab)' });
    expect(chat).toHaveAttribute('href', 'https://chat.example.com/support');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
  });

  it('footer carries every policy and help link', async () => {
    fakeApi();
    renderRoutes(routes, '/index');
    const footer = await screen.findByRole('navigation', { name: 'Site information' });
    const hrefs = [...footer.querySelectorAll('a')].map((a) => a.getAttribute('href')).sort();
    expect(hrefs).toEqual(
      [
        '/aboutus',
        '/affiliate',
        '/agreement',
        '/contanctus',
        '/faq',
        '/howitworks',
        '/privacy',
        '/refunds',
        '/shippingpolicy',
        '/useragreement',
        '/walletrules',
      ].sort(),
    );
  });
});
