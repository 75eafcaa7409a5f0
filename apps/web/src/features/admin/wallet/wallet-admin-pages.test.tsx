// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminWallet, ReconciliationReport } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import UserWalletPage from './user-wallet-page';
import ReconciliationPage from './reconciliation-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

beforeAll(() => Promise.all([loadNamespace('admin'), loadNamespace('wallet')]));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

const WALLET: AdminWallet = {
  user: { userId: 'u-2', email: 'ada@example.com', username: 'ada' },
  wallet: {
    balance: 12.5,
    locked: 3,
    bonus: 1,
    income: 20,
    consumption: 3.5,
    recharge: 10,
    deposit: 0,
    heldPayments: 0,
    topUpToRelease: 0,
  },
  lines: {
    records: [
      {
        id: 'e1',
        type: 'income',
        amount: 10,
        kind: 'recharge',
        note: '',
        referenceType: 'recharge',
        referenceId: 'RC-9',
        referenceLabel: 'R20261120-000009',
        time: '2026-11-20T10:00:00.000Z',
      },
    ],
    total: 1,
    size: 10,
    current: 1,
    pages: 1,
  },
};

describe('operator wallet pages', { timeout: 30_000 }, () => {
  it('shows a user’s ledger and posts a confirmed take-back adjustment with a reason and an idempotency key', async () => {
    const posts: Array<{ body: unknown; key: string | null }> = [];
    fakeApi({
      'GET /api/admin/wallets/u-2': () => envelope(WALLET),
      'POST /api/admin/wallets/u-2/adjustments': (_url, init) => {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return envelope({ entryId: 'e2', wallet: { ...WALLET.wallet, balance: 10.25 } });
      },
    });
    renderRoutes([{ path: '/admin/users/:userId/wallet', element: <UserWalletPage /> }], '/admin/users/u-2/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet of ada@example.com' })).toBeInTheDocument();
    expect(screen.getByText('12.50 USD')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Recharge/ })).toHaveTextContent(
      'R20261120-000009',
    );

    const form = screen.getByRole('region', { name: 'Adjust cash' });
    const user = ui();
    // A reason is required: nothing is posted without one.
    await user.type(within(form).getByLabelText('Amount (USD)'), '2.25');
    await user.click(within(form).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(form).findByText('Please give a reason')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.click(within(form).getByText('Take back'));
    await user.type(within(form).getByLabelText('Reason'), 'fee reversed');
    await user.click(within(form).getByRole('button', { name: 'Post adjustment' }));
    expect(await screen.findByText('Post an adjustment of -2.25 USD?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Post adjustment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ amount: -2.25, reason: 'fee reversed' });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Adjustment posted')).toBeInTheDocument();
  });

  it('the reconciliation report: last run, findings, and "run now"', async () => {
    let report: ReconciliationReport = { lastRunAt: null, findings: [] };
    fakeApi({
      'GET /api/admin/wallet/reconciliation': () => envelope(report),
      'POST /api/admin/wallet/reconciliation': () => {
        report = {
          lastRunAt: '2026-11-24T03:00:00.000Z',
          findings: [
            {
              id: 'f1',
              kind: 'balance',
              subjectId: 'acc-1',
              actual: 10.01,
              expected: 10,
              foundAt: '2026-11-24T03:00:00.000Z',
            },
          ],
        };
        return envelope(report);
      },
    });
    renderRoutes([{ path: '/admin/reconciliation', element: <ReconciliationPage /> }], '/admin/reconciliation');
    expect(await screen.findByText('Not run yet')).toBeInTheDocument();
    await ui().click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('1 difference(s) found')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /acc-1/ });
    expect(row).toHaveTextContent('Cached balance differs');
    expect(row).toHaveTextContent('10.01');
  });
});
