import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Withdrawal } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import WithdrawPage from './withdraw-page';

// jsdom lacks ResizeObserver; antd's Segmented and Table measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const LIMITS = { withdrawable: 120.5, minimum: 50, maximum: 1_000_000, sanctionedCountries: ['CU', 'IR', 'KP', 'SY'] };
const COUNTRIES = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IR', name: 'Iran' },
];

function withdrawal(over: Partial<Withdrawal>): Withdrawal {
  return {
    id: 'w-1',
    number: 'W000001',
    method: 'turkish-bank',
    amount: 60,
    destination: { beneficiaryName: 'Ada Lovelace', bankName: 'Ziraat', iban: 'TR330006100519786457841326' },
    state: 'pending',
    payoutReference: null,
    rejectReason: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    closedAt: null,
    ...over,
  };
}

const page = (records: Withdrawal[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
const render = () => renderRoutes([{ path: '/user/withdraw', element: <WithdrawPage /> }], '/user/withdraw');
const typeInto = async (user: ReturnType<typeof userEvent.setup>, label: RegExp | string, text: string) => {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
};

beforeAll(async () => {
  await loadNamespace('withdrawals');
});
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('withdraw page', { timeout: 30_000 }, () => {
  it('shows the withdrawable cash and the sanctions notice; the fields follow the method', async () => {
    fakeApi({
      'GET /api/p/withdrawals/limits': () => envelope(LIMITS),
      'GET /api/p/withdrawals': () => page([]),
      'GET /api/countries': () => envelope(COUNTRIES),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render();
    expect(await screen.findByTestId('withdrawable')).toHaveTextContent('$120.50');
    expect(screen.getByText(/because of international sanctions: CU, IR, KP, SY/)).toBeInTheDocument();
    expect(screen.getByText('No withdrawals yet')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Payoneer'));
    expect(screen.getByLabelText('Payoneer e-mail')).toBeInTheDocument();
    expect(screen.queryByLabelText('IBAN')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Wise – US bank account'));
    expect(screen.getByLabelText('ACH routing number')).toBeInTheDocument();
    expect(screen.getByLabelText('Checking')).toBeChecked();
    expect(screen.getByLabelText('Savings')).toBeInTheDocument();
    expect(screen.queryByLabelText('Payoneer e-mail')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('SWIFT / IBAN bank transfer'));
    for (const label of [
      'SWIFT/BIC code',
      'Bank name',
      'Bank address',
      'Bank country',
      'IBAN',
      'Account number',
      'Post code',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await typeInto(user, 'SWIFT/BIC code', 'DEUT1');
    await typeInto(user, 'Post code', 'n/a');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/The SWIFT\/BIC code has 8 or 11 characters/)).toBeInTheDocument();
    // N/A is a valid post code: no message under it.
    expect(screen.queryByText('Enter the post code, or N/A if there is none')).not.toBeInTheDocument();
    expect(screen.getAllByText('Please fill in this field').length).toBeGreaterThan(3);
  });

  it('checks the amount and the Turkish IBAN like the server, confirms, then sends once with an idempotency key', async () => {
    const created = withdrawal({});
    let posted: { body: unknown; key: string | null } | undefined;
    let listed = 0;
    fakeApi({
      'GET /api/p/withdrawals/limits': () => envelope(LIMITS),
      'GET /api/p/withdrawals': () => page(listed++ > 0 && posted ? [created] : []),
      'POST /api/p/withdrawals': (_url, init) => {
        posted = { body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') };
        return envelope(created);
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render();
    await screen.findByTestId('withdrawable');
    await user.click(screen.getByLabelText('Turkish bank'));
    await typeInto(user, 'Amount (USD)', '49.999');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('49.99'); // a third decimal is refused as typed
    await typeInto(user, 'Beneficiary name', 'Ada Lovelace');
    await typeInto(user, 'Bank name', 'Ziraat');
    await typeInto(user, 'IBAN', 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The minimum withdrawal is 50.00 USD')).toBeInTheDocument();
    expect(screen.getByText('A Turkish IBAN is TR followed by 24 digits')).toBeInTheDocument();

    await typeInto(user, 'IBAN', 'TR33 0006 1005 1978 6457 8413 27');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The IBAN check digits do not match: please look for a typo')).toBeInTheDocument();

    await typeInto(user, 'IBAN', 'TR33 0006 1005 1978 6457 8413 26');
    await typeInto(user, 'Amount (USD)', '60');
    await user.tab();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('60.00');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    expect(within(dialog).getByText('$60.00')).toBeInTheDocument();
    expect(within(dialog).getByText('TR330006100519786457841326')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted!.body).toEqual({
      method: 'turkish-bank',
      amount: 60,
      beneficiaryName: 'Ada Lovelace',
      bankName: 'Ziraat',
      iban: 'TR330006100519786457841326',
    });
    expect(posted!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText('Withdrawal W000001 requested. The amount is held until it is paid out.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('W000001')).toBeInTheDocument();
  });

  it("shows the server's field messages and the over-balance refusal under their fields", async () => {
    let answer = 0;
    fakeApi({
      'GET /api/p/withdrawals/limits': () => envelope(LIMITS),
      'GET /api/p/withdrawals': () => page([]),
      'POST /api/p/withdrawals': () =>
        answer++ === 0
          ? envelope([{ field: 'iban', message: 'Server: this IBAN is refused' }], {
              code: 'A00002',
              msg: 'invalid',
              status: 400,
            })
          : envelope(
              { reason: 'insufficient-balance', availableMinor: 100, neededMinor: 6000 },
              { code: 'A00010', msg: 'The amount is more than you can withdraw', status: 422 },
            ),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render();
    await screen.findByTestId('withdrawable');
    await user.click(screen.getByLabelText('Turkish bank'));
    await typeInto(user, 'Amount (USD)', '60');
    await typeInto(user, 'Beneficiary name', 'Ada Lovelace');
    await typeInto(user, 'Bank name', 'Ziraat');
    await typeInto(user, 'IBAN', 'TR330006100519786457841326');
    for (const expected of ['Server: this IBAN is refused', 'The amount is more than you can withdraw']) {
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
      expect(await screen.findByText(expected)).toBeInTheDocument();
    }
  });

  it('lists the requests with their outcome; a pending one can be cancelled after a confirmation', async () => {
    let cancelled = false;
    fakeApi({
      'GET /api/p/withdrawals/limits': () => envelope(LIMITS),
      'GET /api/p/withdrawals': () =>
        page([
          withdrawal({ id: 'w-3', number: 'W000003', state: cancelled ? 'cancelled' : 'pending' }),
          withdrawal({
            id: 'w-2',
            number: 'W000002',
            state: 'rejected',
            rejectReason: 'Name does not match',
            closedAt: '2026-01-03T10:00:00.000Z',
          }),
          withdrawal({
            id: 'w-1',
            number: 'W000001',
            state: 'approved',
            payoutReference: 'FAST-42',
            closedAt: '2026-01-03T10:00:00.000Z',
          }),
        ]),
      'POST /api/p/withdrawals/w-3/cancel': () => {
        cancelled = true;
        return envelope(withdrawal({ id: 'w-3', number: 'W000003', state: 'cancelled' }));
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    render();
    expect(await screen.findByText('Reason: Name does not match')).toBeInTheDocument();
    expect(screen.getByText('Payout reference: FAST-42')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Cancel withdrawal/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel withdrawal W000003' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText('Withdrawal W000003 cancelled. The amount is back in your wallet.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel withdrawal W000003' })).not.toBeInTheDocument(),
    );
  });
});
