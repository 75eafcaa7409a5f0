import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminAfterSales } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace, setLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import AdminAfterSalesPage from './after-sales-page';

// jsdom lacks ResizeObserver; antd's Table measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const SLOW = { timeout: 5000 };
const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

const REFUND: AdminAfterSales = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'AS00000042',
  orderId: 'o-1',
  orderNumber: 'O00000007',
  orderTotal: 49.99,
  kind: 'refund',
  state: 'requested',
  reason: 'Arrived broken',
  amount: 20,
  refunded: null,
  images: [`${'a'.repeat(32)}.png`],
  lines: [],
  rejectReason: null,
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  closedAt: null,
  events: [
    {
      event: 'requested',
      fromState: null,
      toState: 'requested',
      actorType: 'user',
      note: null,
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
  userId: 'u-1',
  userEmail: 'ada@example.com',
};
const RESHIP: AdminAfterSales = {
  ...REFUND,
  id: '22222222-2222-4222-8222-222222222222',
  number: 'AS00000043',
  kind: 'reshipment',
  amount: null,
  state: 'approved',
  images: [],
};

/** The open dialog whose title is `title` (antd's ids are all "test-id" under test: found by role, then by text). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title));
    expect(found).toBeDefined();
  }, SLOW);
  return found!;
}

const page = (records: AdminAfterSales[]) =>
  envelope({ records, total: records.length, size: 20, current: 1, pages: 1 });
const render = () =>
  renderRoutes([{ path: '/admin/after-sales', element: <AdminAfterSalesPage /> }], '/admin/after-sales');

beforeAll(async () => {
  await loadNamespace('after-sales');
  await loadNamespace('admin');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

/** The notice above the queue that holds this text. */
const noticeOf = async (text: RegExp) => (await screen.findByText(text, {}, SLOW)).closest('.ant-alert') as HTMLElement;

describe('operator after-sales queue (/admin/after-sales)', { timeout: 90_000 }, () => {
  it('approves a refund (the amount and the wallet are named), rejects with a required reason, marks a reshipment reshipped', async () => {
    const calls: Array<{ path: string; body: unknown; key: string }> = [];
    const record = (path: string, init: RequestInit) =>
      calls.push({
        path,
        body: init.body ? JSON.parse(String(init.body)) : null,
        key: (init.headers as Record<string, string>)['Idempotency-Key']!,
      });
    fakeApi({
      'GET /api/admin/after-sales': () => page([REFUND, RESHIP]),
      [`POST /api/admin/after-sales/${REFUND.id}/approve`]: (url, init) => (
        record(url.pathname, init), envelope({ ...REFUND, state: 'refunded', refunded: 20 })
      ),
      [`POST /api/admin/after-sales/${REFUND.id}/reject`]: (url, init) => (
        record(url.pathname, init), envelope({ ...REFUND, state: 'rejected', rejectReason: 'No damage' })
      ),
      [`POST /api/admin/after-sales/${RESHIP.id}/reshipped`]: (url, init) => (
        record(url.pathname, init), envelope({ ...RESHIP, state: 'reshipped' })
      ),
    });
    const user = ui();
    render();
    const row = (await screen.findByText('AS00000042', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('Refund · $20.00')).toBeInTheDocument();
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('1 photo(s)')).toBeInTheDocument();
    // An approved reshipment offers only "mark reshipped".
    const reshipRow = screen.getByText('AS00000043').closest('tr')!;
    expect(within(reshipRow).queryByRole('button', { name: 'Approve AS00000043' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve AS00000042' }));
    let dialog = await dialogTitled('Approve AS00000042');
    expect(
      within(dialog).getByText('$20.00 will be credited to the wallet of ada@example.com now.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The refunded request leaves the open queue: the notice says so and links to where it went.
    const approved = await noticeOf(/Request AS00000042 approved/);
    expect(within(approved).getByRole('link', { name: 'Show “Refunded”' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject AS00000042' }));
    dialog = await dialogTitled('Reject AS00000042');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the request is rejected', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (shown to the customer)' }), 'No damage');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await noticeOf(/Request AS00000042 rejected/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark AS00000043 reshipped' }));
    dialog = await dialogTitled('Reshipment of AS00000043');
    await user.type(within(dialog).getByRole('textbox', { name: 'Carrier' }), 'DHL');
    await user.click(within(dialog).getByRole('button', { name: 'Mark reshipped' }));
    expect(await within(dialog).findByText('Enter the tracking number', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), 'RS0001');
    await user.click(within(dialog).getByRole('button', { name: 'Mark reshipped' }));
    const reshipped = await noticeOf(/Request AS00000043 marked reshipped/);
    await user.click(within(reshipped).getByRole('link', { name: 'Show “Reshipped”' }));
    expect(screen.getByRole('combobox', { name: 'Show' }).closest('.ant-select')).toHaveTextContent('Reshipped');
    // Shown where it now is: the notice keeps its words but no longer links away.
    expect(within(await noticeOf(/Request AS00000043 marked reshipped/)).queryByRole('link')).not.toBeInTheDocument();

    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => [c.path.split('/').pop(), c.body])).toEqual([
      ['approve', null],
      ['reject', { reason: 'No damage' }],
      ['reshipped', { carrier: 'DHL', trackingNumber: 'RS0001' }],
    ]);
    for (const c of calls) expect(c.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why when the request was decided meanwhile', async () => {
    fakeApi({
      'GET /api/admin/after-sales': () => page([REFUND]),
      [`POST /api/admin/after-sales/${REFUND.id}/approve`]: () =>
        envelope(
          { reason: 'after-sales-transition-refused' },
          { code: 'A00007', msg: 'This is not possible now: request AS00000042 is cancelled', status: 409 },
        ),
    });
    const user = ui();
    render();
    await user.click(await screen.findByRole('button', { name: 'Approve AS00000042' }, SLOW));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('This is not possible now: request AS00000042 is cancelled', {}, SLOW),
    ).toBeInTheDocument();
  });
});
