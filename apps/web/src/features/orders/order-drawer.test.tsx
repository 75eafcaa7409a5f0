import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrderDetail } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import OrdersPage from './orders-page';
import { COUNTS, detail, page, summary } from '../../test/factories';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(async () => {
  await loadNamespace('orders');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

/**
 * An order bought in 中文, as the server answers it in the request's language (decision 0111):
 * in English the chair's catalogue name with the name as ordered beside it; in Chinese the name
 * as ordered alone. The second line's product has no other name: the same in every language.
 */
function chairOrder(lang: string): OrderDetail {
  const order = detail('o-9', { actions: [] });
  const [chair, other] = order.lines;
  const english = lang === 'en-US' || lang === 'fr-FR';
  return {
    ...order,
    lines: [
      english
        ? { ...chair!, title: 'Light folding chair', orderedTitle: '轻便折叠椅' }
        : { ...chair!, title: '轻便折叠椅' },
      { ...other!, title: '神秘盒子' },
    ],
  };
}

const languageOf = (init: RequestInit) => new Headers(init.headers).get('Accept-Language') ?? 'en-US';

describe('order drawer: lines named in the reader’s language', { timeout: 30_000 }, () => {
  it('shows the catalogue’s name with the name as ordered under it, and one name when they are the same', async () => {
    const asked: string[] = [];
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-9', { actions: [] })])),
      'GET /api/p/orders/o-9': (_, init) => {
        asked.push(languageOf(init));
        return envelope(chairOrder(languageOf(init)));
      },
    });
    renderRoutes([{ path: '/user/storeorder', element: <OrdersPage /> }], '/user/storeorder?order=o-9');
    // Rows found by their text: role queries over antd's table are slow in jsdom.
    const rowOf = async (title: string) =>
      (await screen.findByText(title, { selector: '.order-item-title' })).closest('tr')!;
    const chair = await rowOf('Light folding chair');
    expect(within(chair).getByTestId('order-line-ordered-as')).toHaveTextContent('Ordered as: 轻便折叠椅');
    const other = await rowOf('神秘盒子');
    expect(within(other).queryByTestId('order-line-ordered-as')).not.toBeInTheDocument();

    await setLanguage('fr-FR');
    expect(await screen.findByText('Commandé sous le nom : 轻便折叠椅')).toBeInTheDocument();

    // Read in the language it was bought in: the name once, nothing under it.
    await setLanguage('zh-CN');
    const again = await rowOf('轻便折叠椅');
    expect(within(again).queryByTestId('order-line-ordered-as')).not.toBeInTheDocument();
    expect(screen.queryByText('Light folding chair')).not.toBeInTheDocument();
    expect(asked).toContain('zh-CN');
  });
});

describe('order drawer: a line shipped from the owner’s inventory', { timeout: 30_000 }, () => {
  it('says the goods were already paid under that line only', async () => {
    const order = detail('o-7', { actions: [] });
    const [held, bought] = order.lines;
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-7', { actions: [] })])),
      'GET /api/p/orders/o-7': () =>
        envelope({
          ...order,
          lines: [{ ...held!, unitPrice: 0, lineTotal: 0, fromInventory: true }, bought!],
        }),
    });
    renderRoutes([{ path: '/user/storeorder', element: <OrdersPage /> }], '/user/storeorder?order=o-7');
    const rowOf = async (title: string) =>
      (await screen.findByText(title, { selector: '.order-item-title' })).closest('tr')!;
    expect(within(await rowOf(held!.title)).getByText('From your inventory: goods already paid')).toBeInTheDocument();
    expect(within(await rowOf(bought!.title)).queryByText('From your inventory: goods already paid')).toBeNull();
  });
});

describe('order drawer: tracking back to the store', { timeout: 30_000 }, () => {
  const failed = {
    state: 'failed' as const,
    carrier: 'YunExpress Standard',
    trackingNumber: 'YT24123456789012345678901234',
    warning: 'too-long' as const,
    attempts: 1,
    lastError: 'the shop refused the access token',
    errorKind: 'auth' as const,
    nextAttemptAt: null,
    sentAt: null,
    canRetry: true,
  };

  it('shows the failure with its reason and the length warning; Retry asks again and shows the new state', async () => {
    await setLanguage('en-US');
    let retried = 0;
    let push: OrderDetail['trackingPush'] = failed;
    const order = () => detail('o-7', { source: 'store', state: 'shipped', actions: [], trackingPush: push });
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-7', { actions: [] })])),
      'GET /api/p/orders/o-7': () => envelope(order()),
      'POST /api/p/orders/o-7/tracking-push/retry': () => {
        retried++;
        push = {
          ...failed,
          state: 'sent',
          warning: null,
          lastError: null,
          canRetry: false,
          sentAt: '2026-11-27T10:00:00Z',
        };
        return envelope(order());
      },
    });
    renderRoutes([{ path: '/user/storeorder', element: <OrdersPage /> }], '/user/storeorder?order=o-7');
    const note = await screen.findByTestId('tracking-push');
    // The reason in the reader's words, the store's own beside it.
    expect(note).toHaveTextContent(
      'Not sent: The store refused our authorization: connect the store again, then retry',
    );
    expect(note).toHaveTextContent("Store's answer: the shop refused the access token");
    expect(note).toHaveTextContent('more than 25 characters');
    within(note).getByRole('button', { name: 'Retry' }).click();
    await screen.findByText(/Sent to the store on/);
    expect(retried).toBe(1);
    expect(
      within(screen.getByTestId('tracking-push')).queryByRole('button', { name: 'Retry' }),
    ).not.toBeInTheDocument();
  });

  it('says nothing for an order without a push', async () => {
    fakeApi({
      'GET /api/p/orders/counts': () => envelope(COUNTS),
      'GET /api/p/orders': () => envelope(page([summary('o-8', { actions: [] })])),
      'GET /api/p/orders/o-8': () => envelope(detail('o-8', { actions: [] })),
    });
    renderRoutes([{ path: '/user/storeorder', element: <OrdersPage /> }], '/user/storeorder?order=o-8');
    await screen.findAllByText(/Timeline/);
    expect(screen.queryByTestId('tracking-push')).not.toBeInTheDocument();
  });
});
