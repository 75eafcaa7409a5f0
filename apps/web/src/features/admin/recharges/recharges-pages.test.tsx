// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { DEFAULT_FEE_RULES, type AdminRechargeOrder, type RechargeMethodRule } from '@dsm/contract';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import PaymentMethodsPage from './payment-methods-page';
import RechargesPage from './recharges-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

beforeAll(() => Promise.all([loadNamespace('admin'), loadNamespace('recharge')]));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

const pendingSlip: AdminRechargeOrder = {
  id: 'r-1',
  number: 'R20261124-000123',
  method: 'bank',
  state: 'pending',
  amount: 100,
  fee: 0,
  total: 100,
  currency: 'USD',
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: null,
  paidAt: null,
  completedAt: null,
  closedAt: null,
  closeReason: null,
  note: '',
  slip: { fileName: 'transfer.png', contentType: 'image/png', size: 2048, uploadedAt: '2026-11-24T10:05:00.000Z' },
  userId: 'u-1',
  userEmail: 'ada@example.com',
  providerReference: null,
};

describe('operator: recharges', { timeout: 60_000 }, () => {
  it('lists pending bank transfer slips by default; approve after a confirmation; reject needs a reason', async () => {
    const calls: Array<{ url: string; body?: unknown }> = [];
    const fetchMock = fakeApi({
      'GET /api/admin/recharges': () => envelope({ records: [pendingSlip], total: 1, size: 10, current: 1, pages: 1 }),
      'POST /api/admin/recharges/r-1/approve': (url) => {
        calls.push({ url: url.pathname });
        return envelope({ ...pendingSlip, state: 'completed' });
      },
      'POST /api/admin/recharges/r-1/reject': (url, init) => {
        calls.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
        return envelope({ ...pendingSlip, state: 'closed', closeReason: 'rejected' });
      },
    });
    const user = ui();
    renderAt(<RechargesPage />, '/admin/recharges');

    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/admin/recharges'))![0])).toBe(
      '/api/admin/recharges?state=pending&method=bank&current=1&size=10',
    );
    expect(
      within(row).getByRole('link', { name: 'Open the transfer slip of R20261124-000123 (new tab)' }),
    ).toHaveAttribute('href', '/api/admin/recharges/r-1/slip');
    expect(within(row).getByText('Pending')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Approve R20261124-000123' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText(/\$100\.00 will be credited to the wallet of ada@example\.com/),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls).toEqual([{ url: '/api/admin/recharges/r-1/approve' }]));

    await user.click(within(row).getByRole('button', { name: 'Reject R20261124-000123' }));
    const dialog = (await screen.findByText('Reject recharge R20261124-000123')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give the reason the user will see.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'The amount on the slip does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      url: '/api/admin/recharges/r-1/reject',
      body: { reason: 'The amount on the slip does not match' },
    });
  });
});

describe('operator: payment methods', { timeout: 60_000 }, () => {
  it('shows each rule with a live fee example, and saves enabled and the rule', async () => {
    const rules: RechargeMethodRule[] = [
      { method: 'paypal', enabled: true, rule: DEFAULT_FEE_RULES.paypal },
      { method: 'card', enabled: true, rule: DEFAULT_FEE_RULES.card },
      { method: 'bank', enabled: false, rule: DEFAULT_FEE_RULES.bank },
    ];
    let saved: unknown = null;
    fakeApi({
      'GET /api/admin/recharge-methods': () => envelope(rules),
      'PUT /api/admin/recharge-methods/card': (_url, init) => {
        saved = JSON.parse(String(init.body));
        return envelope({ method: 'card', ...(saved as object) });
      },
    });
    const user = ui();
    renderAt(<PaymentMethodsPage />, '/admin/payment-methods');

    const card = within(await screen.findByRole('form', { name: 'Card' }));
    expect(card.getByText('Example: $100.00 → fee $3.42, total $103.42')).toBeInTheDocument();
    expect(
      within(screen.getByRole('form', { name: 'PayPal' })).getByText('Example: $100.00 → fee $4.70, total $104.70'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('form', { name: 'Bank transfer' })).getByRole('switch', {
        name: 'Bank transfer enabled',
      }),
    ).not.toBeChecked();

    const percent = card.getByLabelText('Percent');
    await user.clear(percent);
    await user.type(percent, '3');
    await waitFor(() => expect(card.getByText('Example: $100.00 → fee $3.52, total $103.52')).toBeInTheDocument());
    await user.click(card.getByRole('button', { name: 'Save Card' }));
    await waitFor(() => expect(saved).toEqual({ enabled: true, rule: { percent: 3, base: 0.5, fixed: 0.5 } }));
  });
});
