import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Store, StoreSync } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { leaveSite } from '../../lib/navigation';
import { session } from '../../lib/session';
import AuthSuccessPage from './auth-success-page';
import ExternalJumpPage from './external-jump-page';
import { jumpPath, jumpTarget, takeExpectedJump } from './flow';
import StoreListPage from './store-list-page';
import WooCommercePage from './woocommerce-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const sync = (over: Partial<StoreSync> = {}): StoreSync => ({
  state: 'succeeded',
  startedAt: '2026-11-24T09:00:00.000Z',
  finishedAt: '2026-11-24T09:01:00.000Z',
  imported: 4,
  pagesRead: 1,
  totalPages: 1,
  error: null,
  ...over,
});
const STORE: Store = {
  id: 's-1',
  name: "Ada's mugs",
  platform: 'woocommerce',
  address: 'mugs.example.com',
  status: 'connected',
  inventorySync: false,
  emailPermission: true,
  marginGuardPercent: null,
  authorizedAt: '2026-11-24T08:00:00.000Z',
  authorizationExpiresAt: null,
  authorizationExpiring: false,
  sandbox: true,
  productCount: 4,
  lastSync: sync(),
  createdAt: '2026-11-24T08:00:00.000Z',
};
const failure = (reason: string, msg: string, code = 'A00001') =>
  envelope({ reason }, { code, msg, status: code === 'A00001' ? 422 : 409 });

beforeAll(async () => {
  await loadNamespace('stores');
});
beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  await setLanguage('en-US');
});

describe('the jump to a platform', () => {
  it('accepts http(s) and this site’s paths only', () => {
    expect(jumpTarget('https://shop.example.com/admin/oauth?x=1', 'http://localhost')?.host).toBe('shop.example.com');
    expect(jumpTarget('/sandbox/woocommerce/wc-auth/v1/authorize', 'http://localhost')?.href).toBe(
      'http://localhost/sandbox/woocommerce/wc-auth/v1/authorize',
    );
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example.com', null, ''])
      expect(jumpTarget(bad, 'http://localhost')).toBeNull();
  });

  it('goes on by itself only to the address this tab asked for, once', () => {
    expect(takeExpectedJump('https://shop.example.com/a')).toBe(false);
    jumpPath('https://shop.example.com/a');
    expect(takeExpectedJump('https://evil.example.com/')).toBe(false);
    expect(takeExpectedJump('https://shop.example.com/a')).toBe(true);
    expect(takeExpectedJump('https://shop.example.com/a')).toBe(false);
  });

  it('/externalJump shows the host; a link it was not sent by waits for a click', async () => {
    const go = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    fakeApi();
    renderRoutes(
      [{ path: '/externalJump', element: <ExternalJumpPage /> }],
      `/externalJump?to=${encodeURIComponent('https://evil.example.com/x')}`,
    );
    expect(await screen.findByRole('heading', { name: 'You are leaving for evil.example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to evil.example.com' })).toHaveAttribute(
      'href',
      'https://evil.example.com/x',
    );
    expect(go).not.toHaveBeenCalled();
  });

  it('/externalJump sent by our own screen goes there at once; javascript: is refused', async () => {
    const go = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    fakeApi();
    const path = jumpPath('https://demo.myshopify.com/admin/oauth/authorize?client_id=1');
    const { unmount } = renderRoutes([{ path: '/externalJump', element: <ExternalJumpPage /> }], path);
    expect(await screen.findByRole('heading', { name: 'Taking you to demo.myshopify.com…' })).toBeInTheDocument();
    expect(go).toHaveBeenCalledWith('https://demo.myshopify.com/admin/oauth/authorize?client_id=1');
    unmount();
    renderRoutes(
      [{ path: '/externalJump', element: <ExternalJumpPage /> }],
      `/externalJump?to=${encodeURIComponent('javascript:alert(1)')}`,
    );
    expect(await screen.findByRole('heading', { name: 'This link cannot be opened' })).toBeInTheDocument();
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('/user/shopify', { timeout: 30_000 }, () => {
  it('shows a store’s state and follows a running import until it ends', async () => {
    let polls = 0;
    fakeApi({
      'GET /api/p/stores': () =>
        envelope([
          {
            ...STORE,
            lastSync: sync({ state: 'running', finishedAt: null, imported: 2, pagesRead: 1, totalPages: 2 }),
          },
          {
            ...STORE,
            id: 's-2',
            name: 'Ali seller',
            platform: 'aliexpress',
            status: 'reauthorize',
            sandbox: false,
            authorizationExpiresAt: '2026-11-28T08:00:00.000Z',
            authorizationExpiring: true,
            lastSync: null,
          },
        ]),
      'GET /api/p/stores/s-1/sync': () => {
        polls += 1;
        return envelope(
          polls < 2
            ? sync({ state: 'running', finishedAt: null, imported: 3, pagesRead: 1, totalPages: 2 })
            : sync({ imported: 5, pagesRead: 2, totalPages: 2 }),
        );
      },
    });
    renderRoutes([{ path: '/user/shopify', element: <StoreListPage /> }], '/user/shopify');
    const woo = await screen.findByRole('article', { name: "Ada's mugs" });
    expect(within(woo).getByText('Sandbox')).toBeInTheDocument();
    expect(within(woo).getByText('Connected')).toBeInTheDocument();
    expect(within(woo).getByRole('link', { name: '4 products' })).toHaveAttribute('href', '/user/connection?store=s-1');
    expect(within(woo).getByRole('switch', { name: 'E-mail permission' })).toBeChecked();
    expect(await within(woo).findByText('Importing: 3 products so far')).toBeInTheDocument();
    expect(within(woo).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(await within(woo).findByText(/^5 products, /, undefined, { timeout: 5000 })).toBeInTheDocument();

    const ali = screen.getByRole('article', { name: 'Ali seller' });
    expect(within(ali).getByText('Re-authorization needed')).toBeInTheDocument();
    expect(within(ali).getByText(/Authorization failed, please re-authorize/)).toBeInTheDocument();
    expect(within(ali).getByText('Not yet')).toBeInTheDocument();
  });

  it('the margin guard: off by default; switched on at 80 %, its share saved when left', async () => {
    const patches: unknown[] = [];
    let guard: number | null = null;
    fakeApi({
      'GET /api/p/stores': () => envelope([{ ...STORE, lastSync: sync(), marginGuardPercent: guard }]),
      'PATCH /api/p/stores/s-1': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { marginGuardPercent: number | null };
        patches.push(body);
        guard = body.marginGuardPercent;
        return envelope({ ...STORE, lastSync: sync(), marginGuardPercent: guard });
      },
    });
    renderRoutes([{ path: '/user/shopify', element: <StoreListPage /> }], '/user/shopify');
    const card = await screen.findByRole('article', { name: "Ada's mugs" });
    const toggle = within(card).getByRole('switch', { name: 'Margin guard' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Off: no order is flagged for its margin.');
    await userEvent.click(toggle);
    await waitFor(() => expect(patches).toEqual([{ marginGuardPercent: 80 }]));
    const share = await within(card).findByRole('spinbutton', { name: 'Margin guard share of the selling price' });
    await waitFor(() => expect(share).toHaveValue('80'));
    await userEvent.clear(share);
    await userEvent.type(share, '65{Enter}');
    await waitFor(() => expect(patches).toEqual([{ marginGuardPercent: 80 }, { marginGuardPercent: 65 }]));
    expect(
      await within(card).findByText(
        "Orders whose cost to us is above 65 % of the store's selling price are flagged abnormal.",
      ),
    ).toBeInTheDocument();
  });

  it('unbinds after the confirmation, and shows the reason when unbinding fails', async () => {
    const unbinds: string[] = [];
    fakeApi({
      'GET /api/p/stores': () => envelope([STORE]),
      'POST /api/p/stores/s-1/unbind': (_url, init) => {
        unbinds.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        return failure('store-unbind-failed', 'Unbinding failed: the store did not answer');
      },
    });
    renderRoutes([{ path: '/user/shopify', element: <StoreListPage /> }], '/user/shopify');
    const card = await screen.findByRole('article', { name: "Ada's mugs" });
    await userEvent.click(within(card).getByRole('button', { name: 'Unbind' }));
    expect(unbinds).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unbind' }));
    expect(await within(card).findByText('Unbinding failed: the store did not answer')).toBeInTheDocument();
    expect(unbinds).toHaveLength(1);
  });
});

describe('/user/woocommerce', { timeout: 30_000 }, () => {
  async function fill() {
    const put = async (label: string, value: string) => {
      await userEvent.click(screen.getByLabelText(label));
      await userEvent.paste(value);
    };
    await put('Store name', 'Mugs');
    await put('Store address', 'mugs.example.com');
    await put('Consumer key', 'ck_abcdefgh12345678');
    await put('Consumer secret', 'cs_abcdefgh12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Connect the store' }));
  }

  it('shows the store’s refusal of the keys above the form', async () => {
    fakeApi({
      'POST /api/p/stores/woocommerce': () =>
        failure('store-credentials-refused', 'The store refused the consumer key and secret: Consumer key is invalid.'),
    });
    renderRoutes([{ path: '/user/woocommerce', element: <WooCommercePage /> }], '/user/woocommerce');
    await screen.findByRole('heading', { name: 'Add a WooCommerce store' });
    await fill();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The store could not be connected');
    expect(alert).toHaveTextContent('Consumer key is invalid.');
  });

  it('puts an address already connected under the address, and the server’s field errors under theirs', async () => {
    let calls = 0;
    fakeApi({
      'POST /api/p/stores/woocommerce': () => {
        calls += 1;
        return calls === 1
          ? failure('store-address-taken', 'The store mugs.example.com is already connected', 'A00005')
          : envelope([{ field: 'consumerSecret', message: 'The consumer secret starts with cs_' }], {
              code: 'A00002',
              msg: 'Check the form',
              status: 400,
            });
      },
    });
    renderRoutes([{ path: '/user/woocommerce', element: <WooCommercePage /> }], '/user/woocommerce');
    await screen.findByRole('heading', { name: 'Add a WooCommerce store' });
    await fill();
    expect(await screen.findByText('The store mugs.example.com is already connected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect the store' }));
    expect(await screen.findByText('The consumer secret starts with cs_')).toBeInTheDocument();
  });
});

describe('/authensuccess', { timeout: 30_000 }, () => {
  it('passes Shopify’s query untouched; another account’s install asks to log in again', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'POST /api/p/stores/shopify/callback': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return failure('store-not-current-user', 'You are not the current user, log in again');
      },
    });
    renderRoutes(
      [{ path: '/authensuccess', element: <AuthSuccessPage /> }],
      '/authensuccess?code=c1&hmac=h1&shop=a.myshopify.com&state=n1&timestamp=1700000000',
    );
    expect(
      await screen.findByRole('heading', { name: 'You are not the current user, log in again' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodies).toEqual([
        { query: { code: 'c1', hmac: 'h1', shop: 'a.myshopify.com', state: 'n1', timestamp: '1700000000' } },
      ]),
    );
  });

  it('sends a visitor who is not logged in to /authlogin with the query kept', async () => {
    session.clear();
    fakeApi();
    const { router } = renderRoutes(
      [
        { path: '/authensuccess', element: <AuthSuccessPage /> },
        { path: '/authlogin', element: <p>authlogin</p> },
      ],
      '/authensuccess?code=c1&state=n1',
    );
    expect(await screen.findByText('authlogin')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/authensuccess?code=c1&state=n1')}`);
  });
});
