import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { setLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import ContentPage from './content-page';

const PAGES: Record<string, Record<string, { title: string; body: string }>> = {
  aboutus: {
    'en-US': {
      title: 'About Us',
      body: '<p>We ship.</p><h2>Contact</h2><p>See <a href="/contanctus">contact</a>.</p>',
    },
    'fr-FR': { title: 'À propos', body: '<p>Nous expédions.</p>' },
  },
};

function contentApi() {
  return fakeApi({
    'GET /api/content/pages/aboutus': (_url, init) => {
      const lang = new Headers(init.headers).get('Accept-Language') ?? 'en-US';
      const locale = PAGES.aboutus![lang] ? lang : 'en-US';
      return envelope({ slug: 'aboutus', locale, ...PAGES.aboutus![locale], updatedAt: '2026-03-01T10:00:00.000Z' });
    },
    'GET /api/content/pages/faq': () =>
      envelope({
        slug: 'faq',
        locale: 'en-US',
        title: 'FAQ',
        body: '<p>Questions.</p>',
        updatedAt: '2026-03-01T10:00:00.000Z',
      }),
  });
}

function renderPage(path: string) {
  const routes = ['aboutus', 'faq', 'privacy', 'contanctus'].map((slug) => ({
    path: `/${slug}`,
    element: <ContentPage />,
  }));
  return renderRoutes(routes, path);
}

afterEach(() => vi.unstubAllGlobals());

describe('static content pages', () => {
  it('shows the title and the server’s rich text for the path, and follows its links in the app', async () => {
    contentApi();
    const user = userEvent.setup();
    const { router } = renderPage('/aboutus');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('Last updated March 1, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'contact' }));
    expect(router.state.location.pathname).toBe('/contanctus');
  });

  it('fetches the page again in the new language on a switch, and says when it falls back to English', async () => {
    const fetchMock = contentApi();
    renderPage('/aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    await setLanguage('fr-FR');
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' })).toBeInTheDocument();
    const languages = fetchMock.mock.calls
      .filter(([u]) => String(u) === '/api/content/pages/aboutus')
      .map(([, init]) => new Headers(init?.headers).get('Accept-Language'));
    expect(languages).toEqual(['en-US', 'fr-FR']);

    await setLanguage('tr-TR');
    expect(
      await screen.findByText('Bu sayfa henüz dilinizde mevcut değil; İngilizce olarak gösteriliyor.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en-US');
    await setLanguage('en-US');
  });

  it('shows a not-found state (no toast) for a page that has not been written', async () => {
    contentApi();
    renderPage('/privacy');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(toast.list()).toEqual([]));
  });
});
