// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Job } from '@dsm/contract';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace, setLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { phoneScreen } from '../../../test/screen-width';
import JobsPage from './jobs-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

beforeAll(() => loadNamespace('admin'));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const job = (over: Partial<Job>): Job => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'mail.send',
  state: 'failed',
  attempts: 12,
  maxAttempts: 12,
  lastError: 'connect ECONNREFUSED 127.0.0.1:587',
  runAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:00:00.000Z',
  scheduleKey: null,
  ...over,
});

describe('background jobs console', { timeout: 60_000 }, () => {
  it('lists jobs with state, attempts and last error, filters by state, and retries a failed one', async () => {
    let jobs: Job[] = [
      job({}),
      job({
        id: '00000000-0000-4000-8000-000000000002',
        type: 'jobs.purge',
        state: 'queued',
        attempts: 0,
        maxAttempts: 3,
        lastError: null,
        finishedAt: null,
        scheduleKey: 'jobs.purge',
      }),
    ];
    const fetchMock = fakeApi({
      'GET /api/admin/jobs': (url) => {
        const state = url.searchParams.get('state');
        const records = jobs.filter((j) => !state || j.state === state);
        return envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
      },
      'POST /api/admin/jobs/00000000-0000-4000-8000-000000000001/retry': () => {
        jobs = jobs.map((j) => (j.type === 'mail.send' ? { ...j, state: 'queued', attempts: 0 } : j));
        return envelope(jobs[0]);
      },
    });
    const user = ui();
    renderAt(<JobsPage />, '/admin/jobs');

    const row = (await screen.findByText('mail.send')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('12 of 12')).toBeInTheDocument();
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
    const recurring = screen.getByText('jobs.purge').closest('tr')!;
    expect(within(recurring).getByText('Recurring')).toBeInTheDocument();
    // Only a failed job can be retried.
    expect(within(recurring).queryByRole('button', { name: /Retry/ })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByTitle('Failed'));
    await waitFor(() => expect(screen.queryByText('jobs.purge')).toBeNull());
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('state=failed'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Retry mail.send' }));
    expect(await screen.findByText('The mail.send job is queued again.')).toBeInTheDocument();
    // The list is fetched again: the job left the failed list.
    await waitFor(() => expect(screen.queryByText('mail.send')).toBeNull());
  });

  it('names each job type in words, keeps the raw type beside it, and shows an unknown type as it is', async () => {
    fakeApi({
      'GET /api/admin/jobs': () =>
        envelope({
          records: [
            job({ type: 'stores.expiry-warning', state: 'done', lastError: null }),
            job({ id: '00000000-0000-4000-8000-000000000003', type: 'wallet.reconcile', state: 'queued' }),
            job({ id: '00000000-0000-4000-8000-000000000004', type: 'future.thing', state: 'queued' }),
          ],
          total: 3,
          size: 10,
          current: 1,
          pages: 1,
        }),
    });
    renderAt(<JobsPage />, '/admin/jobs');
    const warning = (await screen.findByText('Warn of store authorizations running out')).closest('tr')!;
    expect(within(warning).getByText('stores.expiry-warning')).toHaveAttribute(
      'title',
      'Job type: stores.expiry-warning',
    );
    const reconcile = screen.getByText('Reconcile wallets with the ledger').closest('tr')!;
    expect(within(reconcile).getByText('wallet.reconcile')).toBeInTheDocument();
    // A type with no name yet: its raw name, once.
    expect(screen.getAllByText('future.thing')).toHaveLength(1);
  });

  it('on a phone shows each job as a card named in words, its Retry inside it', async () => {
    phoneScreen();
    fakeApi({
      'GET /api/admin/jobs': () =>
        envelope({
          records: [
            job({}),
            job({
              id: '00000000-0000-4000-8000-000000000005',
              type: 'wallet.reconcile',
              state: 'queued',
              lastError: null,
            }),
          ],
          total: 2,
          size: 10,
          current: 1,
          pages: 1,
        }),
    });
    renderAt(<JobsPage />, '/admin/jobs');
    const failed = await screen.findByRole('article', { name: 'Send an e-mail' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Retry mail.send' })).toBeInTheDocument();
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
    const queued = screen.getByRole('article', { name: 'Reconcile wallets with the ledger' });
    expect(within(queued).queryByRole('button')).toBeNull();
  });

  it('speaks the operator’s language', async () => {
    await setLanguage('fr-FR');
    fakeApi({
      'GET /api/admin/jobs': () => envelope({ records: [job({})], total: 1, size: 10, current: 1, pages: 1 }),
    });
    renderAt(<JobsPage />, '/admin/jobs');
    expect(await screen.findByText('En échec')).toBeInTheDocument();
    expect(screen.getByText('Envoyer un e-mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Relancer mail.send' })).toBeInTheDocument();
  });
});
