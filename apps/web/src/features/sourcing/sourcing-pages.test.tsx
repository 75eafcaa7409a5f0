import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Sourcing } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import SourcingDetailPage from './sourcing-detail-page';
import SourcingFormPage from './sourcing-form-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const SLOW = { timeout: 15_000 };
const ui = () =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null, applyAccept: false });

const FAILED: Sourcing = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'S000042',
  url: 'https://detail.1688.com/offer/77.html',
  domain: '1688.com',
  title: 'Folding lamp',
  description: 'Warm white',
  images: [],
  targetPrice: 1.2,
  quantity: 500,
  purchaseType: 'bulk',
  haveOrders: false,
  acceptSimilar: true,
  state: 'failed',
  failureReason: 'price-too-high',
  failureNote: 'The best offer is 2.10 USD',
  products: [],
  agent: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  takenAt: '2026-11-20T11:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  dueAt: '2026-11-23T10:00:00.000Z',
  late: false,
};

const routes = [
  { path: '/user/sourcingFrom', element: <SourcingFormPage /> },
  { path: '/user/sourcingDetail', element: <SourcingDetailPage /> },
];

beforeAll(() => loadNamespace('sourcing'));
beforeEach(() => {
  localStorage.removeItem('sourcDetails');
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

describe('sourcing screens', { timeout: 90_000 }, () => {
  it('the form: "URL cannot be empty", the site shown back, the draft kept while typing, one request sent', async () => {
    let sent: { body: Record<string, unknown>; key: string } | null = null;
    fakeApi({
      'GET /api/p/sourcing/agent': () => envelope(null),
      'POST /api/p/sourcing': (_url, init) => {
        sent = {
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key') ?? '',
        };
        return envelope({ ...FAILED, state: 'pending', alreadyOpen: false });
      },
      'GET /api/p/sourcing/11111111-1111-4111-8111-111111111111': () => envelope({ ...FAILED, state: 'pending' }),
      'GET /api/p/sourcing/11111111-1111-4111-8111-111111111111/messages': () => envelope([]),
    });
    const user = ui();
    const first = renderRoutes(routes, '/user/sourcingFrom');
    await screen.findByRole('heading', { name: 'New sourcing request' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('URL cannot be empty', {}, SLOW)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Product URL'), 'https://www.aliexpress.com/item/9.html');
    expect(await screen.findByText('Site: aliexpress.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title or product name'), 'Sunset lamp');
    first.unmount();

    // Coming back, the draft is there.
    renderRoutes(routes, '/user/sourcingFrom');
    const url = await screen.findByLabelText('Product URL', {}, SLOW);
    expect(url).toHaveValue('https://www.aliexpress.com/item/9.html');
    expect(screen.getByLabelText('Title or product name')).toHaveValue('Sunset lamp');
    await user.type(screen.getByLabelText('Estimated quantity per day'), '30');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).not.toBeNull(), SLOW);
    expect(sent!.body).toMatchObject({
      url: 'https://www.aliexpress.com/item/9.html',
      title: 'Sunset lamp',
      quantity: 30,
      purchaseType: 'dropshipping',
      acceptSimilar: true,
      targetPrice: null,
    });
    expect(sent!.key).not.toBe('');
    expect(await screen.findByRole('heading', { name: 'Sourcing request S000042' }, SLOW)).toBeInTheDocument();
    // Sent: the draft is gone.
    expect(JSON.parse(localStorage.getItem('sourcDetails')!).details).toEqual({});
  });

  it('a failed request: the reason and the note, and "send a new request" opens the form pre-filled', async () => {
    fakeApi({
      'GET /api/p/sourcing/agent': () => envelope(null),
      'GET /api/p/sourcing/11111111-1111-4111-8111-111111111111': () => envelope(FAILED),
      'GET /api/p/sourcing/11111111-1111-4111-8111-111111111111/messages': () => envelope([]),
    });
    const user = ui();
    renderRoutes(routes, `/user/sourcingDetail?id=${FAILED.id}`);
    expect(
      await screen.findByText('We could not source it: The best price we found is above your target price', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('The best offer is 2.10 USD')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new request' }));
    expect(await screen.findByLabelText('Product URL', {}, SLOW)).toHaveValue(FAILED.url);
    expect(screen.getByLabelText('Title or product name')).toHaveValue('Folding lamp');
    expect(screen.getByLabelText('Estimated total quantity')).toHaveValue('500');
    expect(screen.getByText('Site: 1688.com')).toBeInTheDocument();
  });
});
