import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminWithdrawal } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import AdminWithdrawalsPage from './withdrawals-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const PENDING: AdminWithdrawal = {
  id: 'w-9',
  number: 'W000009',
  method: 'swift',
  amount: 60,
  destination: {
    beneficiaryName: 'Ada Lovelace',
    swiftBic: 'DEUTDEFF',
    bankName: 'Deutsche Bank',
    bankAddress: 'Taunusanlage 12',
    bankCountry: 'DE',
    iban: 'DE89370400440532013000',
    country: 'DE',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postCode: 'N/A',
  },
  state: 'pending',
  payoutReference: null,
  rejectReason: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  closedAt: null,
  userId: 'u-1',
  userEmail: 'ada@example.com',
  decidedByEmail: null,
};

beforeAll(async () => {
  await loadNamespace('admin');
  await loadNamespace('withdrawals');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('operator withdrawals page', { timeout: 30_000 }, () => {
  it('lists pending requests with user and destination; approve asks for the payout reference, reject for a reason', async () => {
    const calls: Array<{ path: string; body: unknown }> = [];
    let decided = false;
    fakeApi({
      'GET /api/countries': () => envelope([{ code: 'DE', name: 'Germany' }]),
      'GET /api/admin/withdrawals': (url) => {
        expect(url.searchParams.get('state')).toBe('pending');
        const records = decided ? [] : [PENDING];
        return envelope({ records, total: records.length, size: 20, current: 1, pages: 1 });
      },
      'POST /api/admin/withdrawals/w-9/approve': (url, init) => {
        calls.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        decided = true;
        return envelope({ ...PENDING, state: 'approved', payoutReference: 'WIRE-77' });
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderRoutes([{ path: '/admin/withdrawals', element: <AdminWithdrawalsPage /> }], '/admin/withdrawals');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('$60.00')).toBeInTheDocument();
    expect(screen.getByText('SWIFT / IBAN bank transfer')).toBeInTheDocument();
    expect(screen.getByText('DE89370400440532013000')).toBeInTheDocument();
    expect(await screen.findAllByText('Germany (DE)')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Reject withdrawal W000009' }));
    // (antd's ids are all "test-id" under test, so the dialog is found by role, its title by text.)
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject withdrawal W000009')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await within(dialog).findByText('Please give the reason')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Approve withdrawal W000009' }));
    await waitFor(() => expect(screen.queryByText('Reject withdrawal W000009')).not.toBeInTheDocument());
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve withdrawal W000009')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and mark paid' }));
    expect(await within(dialog).findByText('Please enter the payout reference')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Payout reference'), 'WIRE-77');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and mark paid' }));
    await waitFor(() =>
      expect(calls).toEqual([{ path: '/api/admin/withdrawals/w-9/approve', body: { payoutReference: 'WIRE-77' } }]),
    );
    expect(await screen.findByText('Withdrawal W000009 approved')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals waiting')).toBeInTheDocument();
  });
});
