import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PreferredShippingMethod, PreferredShippingRule } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import PreferredShippingPage from './preferred-shipping-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const warehouse = { code: 'CN', name: 'China warehouse (Shenzhen)', country: 'CN' };
const method = (over: Partial<PreferredShippingMethod>): PreferredShippingMethod => ({
  methodId: 1,
  code: 'AIR',
  name: 'Air mail',
  warehouse,
  days: { min: 6, max: 10 },
  price: 5,
  priceFrom: false,
  available: true,
  reason: null,
  ...over,
});
const RULES: PreferredShippingRule[] = [
  {
    id: 'r-1',
    prodId: 7,
    product: { title: 'Linen dress', image: '' },
    country: 'JP',
    countryName: 'Japan',
    method: method({}),
    updatedAt: '2026-11-27T10:00:00.000Z',
  },
  {
    id: 'r-2',
    prodId: null,
    product: null,
    country: null,
    countryName: null,
    method: method({
      methodId: 2,
      code: 'EXP',
      name: 'Express',
      price: null,
      available: false,
      reason: 'Express is no longer offered',
    }),
    updatedAt: '2026-11-27T09:00:00.000Z',
  },
];
const render = () =>
  renderRoutes([{ path: '/user/prefershipping', element: <PreferredShippingPage /> }], '/user/prefershipping');

beforeAll(async () => {
  await loadNamespace('preferred-shipping');
});
beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

describe('/user/prefershipping', { timeout: 30_000 }, () => {
  it('without a preference explains what one does and offers to add one', async () => {
    fakeApi({ 'GET /api/p/preferred-shipping': () => envelope([]) });
    render();
    expect(await screen.findByText('You have no shipping preferences yet')).toBeInTheDocument();
    expect(screen.getByText(/every store order ships by the cheapest method that delivers/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a preference' })).toBeInTheDocument();
  });

  it('lists each rule with its product or "All products", the country, the method, its price and days, or why not', async () => {
    fakeApi({ 'GET /api/p/preferred-shipping': () => envelope(RULES) });
    render();
    const dress = (await screen.findByText('Linen dress')).closest('tr')!;
    expect(dress).toHaveTextContent('Japan');
    expect(dress).toHaveTextContent('Air mail');
    expect(dress).toHaveTextContent('from China warehouse (Shenzhen)');
    expect(dress).toHaveTextContent('$5.00');
    expect(dress).toHaveTextContent('6–10 days');
    const all = screen.getByText('All products').closest('tr')!;
    expect(all).toHaveTextContent('All countries');
    expect(all).toHaveTextContent('Not available: Express is no longer offered');
    expect(all).toHaveTextContent('Depends on the country');
  });

  it('adds a preference for all products: the methods that deliver are offered, the others disabled with why', async () => {
    const posted: unknown[] = [];
    const methodQueries: string[] = [];
    fakeApi({
      'GET /api/p/preferred-shipping': () => envelope([]),
      'GET /api/countries': () => envelope([{ code: 'JP', name: 'Japan' }]),
      'GET /api/p/preferred-shipping/methods': (url) => {
        methodQueries.push(url.search);
        return envelope([
          method({ methodId: 3, code: 'SEA', name: 'Sea freight', price: null }),
          method({ methodId: 2, code: 'EXP', name: 'Express', available: false, reason: 'Does not deliver to Japan' }),
        ]);
      },
      'POST /api/p/preferred-shipping': (_url, init) => {
        posted.push(JSON.parse(String(init.body)));
        return envelope(RULES[0]);
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add a preference' }));
    const dialog = await screen.findByRole('dialog');
    const sea = await within(dialog).findByRole('radio', { name: /Sea freight/ });
    expect(within(dialog).getByRole('radio', { name: /Express/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('Not available: Does not deliver to Japan');
    expect(methodQueries).toEqual(['']);
    await user.click(sea);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ prodId: null, country: null, methodId: 3 }]));
    expect(await screen.findByText('Preference saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal under the method, in French', async () => {
    await setLanguage('fr-FR');
    await loadNamespace('preferred-shipping');
    fakeApi({
      'GET /api/p/preferred-shipping': () => envelope([]),
      'GET /api/p/preferred-shipping/methods': () => envelope([method({ name: 'Poste aérienne', price: null })]),
      'POST /api/p/preferred-shipping': () =>
        envelope([{ field: 'methodId', message: 'Ce mode de livraison n’existe pas ou n’est plus proposé' }], {
          code: 'A00002',
          msg: 'Veuillez vérifier les champs en surbrillance',
        }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une préférence' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /Poste aérienne/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('Ce mode de livraison n’existe pas ou n’est plus proposé'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Selon le pays');
  });

  it('deletes a rule after confirming', async () => {
    const deleted: string[] = [];
    let rules = RULES;
    fakeApi({
      'GET /api/p/preferred-shipping': () => envelope(rules),
      'DELETE /api/p/preferred-shipping/r-1': () => {
        deleted.push('r-1');
        rules = RULES.slice(1);
        return envelope(null);
      },
    });
    const user = userEvent.setup();
    render();
    const row = (await screen.findByText('Linen dress')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete this preference?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['r-1']));
    await waitFor(() => expect(screen.queryByText('Linen dress')).toBeNull());
  });
});
