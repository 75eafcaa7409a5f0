import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminSourcing } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import AdminSourcingPage from './sourcing-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const SLOW = { timeout: 15_000 };
const ui = () =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null, applyAccept: false });

const OPEN: AdminSourcing = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'S000007',
  url: 'https://www.aliexpress.com/item/7.html',
  domain: 'aliexpress.com',
  title: 'Sunset lamp',
  description: '',
  images: [],
  targetPrice: 4.5,
  quantity: 20,
  purchaseType: 'dropshipping',
  haveOrders: true,
  acceptSimilar: true,
  state: 'pending',
  failureReason: null,
  failureNote: null,
  products: [],
  agent: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  takenAt: null,
  decidedAt: null,
  dueAt: '2026-11-21T10:00:00.000Z',
  late: true,
  userId: 'u-9',
  userEmail: 'ada@example.com',
  handlerName: null,
};
const page = (records: AdminSourcing[]) => envelope({ records, total: records.length, size: 20, current: 1, pages: 1 });

beforeAll(async () => {
  await loadNamespace('admin');
  await loadNamespace('sourcing');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('operator sourcing queue (/admin/sourcing)', { timeout: 90_000 }, () => {
  it('shows a late request with its user, takes it, and answers it failed with a reason from the list', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    let current = OPEN;
    fakeApi({
      'GET /api/admin/sourcing': () => page([current]),
      'GET /api/admin/sourcing/agents': () => envelope([]),
      'POST /api/admin/sourcing/11111111-1111-4111-8111-111111111111/take': (url) => {
        calls.push({ url: String(url), body: null });
        current = { ...current, state: 'processing', handlerName: 'operator@example.com' };
        return envelope(current);
      },
      'POST /api/admin/sourcing/11111111-1111-4111-8111-111111111111/fail': (url, init) => {
        calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
        current = { ...current, state: 'failed', failureReason: 'restricted', decidedAt: '2026-11-22T10:00:00.000Z' };
        return envelope(current);
      },
    });
    const user = ui();
    renderRoutes([{ path: '/admin/sourcing', element: <AdminSourcingPage /> }], '/admin/sourcing');
    const row = (await screen.findByText('S000007', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Late')).toBeInTheDocument();
    expect(within(row).getByText('Pending processing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take sourcing request S000007' }));
    expect(await screen.findByText('Taken by operator@example.com', {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Answer: failed — sourcing request S000007' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Answer: failed' }));
    expect(await within(dialog).findByText('Choose the reason', {}, SLOW)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(
      await screen.findByText('This product cannot be sold or shipped by us (restricted goods)', {}, SLOW),
    );
    await user.type(within(dialog).getByLabelText('Note for the user'), 'Batteries inside');
    await user.click(within(dialog).getByRole('button', { name: 'Answer: failed' }));
    await waitFor(() => expect(calls).toHaveLength(2), SLOW);
    expect(calls[1]!.body).toEqual({ reason: 'restricted', note: 'Batteries inside' });
  });
});
