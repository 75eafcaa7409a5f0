// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { WalletLine } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { RATES, fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import WalletBalancePage from './wallet-balance-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

beforeAll(() => loadNamespace('wallet'));
beforeEach(() => {
  session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const line = (i: number, over: Partial<WalletLine> = {}): WalletLine => ({
  id: `e${i}`,
  type: 'income',
  amount: 10 + i,
  kind: 'recharge',
  note: '',
  referenceType: 'recharge',
  referenceId: `5f0c1d2e-0000-4000-8000-${String(i).padStart(12, '0')}`,
  referenceLabel: `R20261124-${String(i).padStart(6, '0')}`,
  time: `2026-11-${String(10 + (i % 10)).padStart(2, '0')}T10:00:00.000Z`,
  ...over,
});
const ALL = [
  line(1, { type: 'consume', kind: 'capture', amount: 20, referenceType: 'order', referenceId: 'O-77' }),
  line(2, { kind: 'bonus', amount: 5, note: 'welcome credit', referenceType: 'adjustment' }),
  ...Array.from({ length: 10 }, (_, i) => line(i + 3)),
];

function walletApi(record: { heldPayments?: number; topUpToRelease?: number; deposit?: number } = {}) {
  const linesCalls: URLSearchParams[] = [];
  const seriesCalls: URLSearchParams[] = [];
  const fetchMock = fakeApi({
    'GET /api/p/wallet': () =>
      envelope({
        balance: 123.45,
        locked: 10,
        bonus: 5,
        income: 300,
        consumption: 171.55,
        recharge: 250,
        deposit: 0,
        heldPayments: 0,
        topUpToRelease: 0,
        ...record,
      }),
    'GET /api/p/wallet/lines': (url) => {
      linesCalls.push(url.searchParams);
      const type = url.searchParams.get('type');
      const rows = ALL.filter((l) => type === 'all' || l.type === type);
      const current = Number(url.searchParams.get('current'));
      const size = Number(url.searchParams.get('size'));
      return envelope({
        records: rows.slice((current - 1) * size, current * size),
        total: rows.length,
        size,
        current,
        pages: Math.ceil(rows.length / size),
      });
    },
    'GET /api/p/wallet/balance-series': (url) => {
      seriesCalls.push(url.searchParams);
      return envelope({
        from: '2026-11-20',
        to: '2026-11-24',
        points: [0, 100, 100, 80, 123.45].map((balance, i) => ({ day: `2026-11-${20 + i}`, balance })),
      });
    },
  });
  return { fetchMock, linesCalls, seriesCalls };
}

const render = (path = '/user/walletBalance') =>
  renderRoutes(
    [
      { path: '/user/walletBalance', element: <WalletBalancePage /> },
      { path: '/user/recharge', element: <h1>Recharge page</h1> },
    ],
    path,
  );

describe('/user/walletBalance', { timeout: 30_000 }, () => {
  it('shows the balance cards and totals, with bonus explained, in the user’s currency', async () => {
    walletApi();
    render();
    await waitFor(() => expect(screen.getByTestId('wallet-available')).toHaveTextContent('$123.45'));
    expect(screen.getByTestId('wallet-locked')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('wallet-bonus')).toHaveTextContent('$5.00');
    expect(screen.getByText('Spent before your cash; cannot be withdrawn')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-income')).toHaveTextContent('$300.00');
    expect(screen.getByTestId('wallet-consumption')).toHaveTextContent('$171.55');
    expect(screen.getByTestId('wallet-recharge')).toHaveTextContent('$250.00');
    // USD is the wallet's own currency: no note needed.
    expect(screen.queryByText(/kept in US dollars/)).not.toBeInTheDocument();
  });

  it('shows the bulk deposit beside available and locked, and its lines in the history by name', async () => {
    ALL.unshift(
      line(40, {
        type: 'consume',
        kind: 'bulk-deposit',
        amount: 126.23,
        referenceType: 'inventory-deposit',
        referenceLabel: 'O00000091',
      }),
    );
    try {
      walletApi({ deposit: 126.23 });
      render();
      await waitFor(() => expect(screen.getByTestId('wallet-deposit')).toHaveTextContent('$126.23'));
      const card = screen.getByTestId('wallet-deposit').closest('section')!;
      expect(within(card).getByRole('heading', { name: 'Bulk deposit' })).toBeInTheDocument();
      expect(within(card).getByText('Paid for bulk goods not yet received')).toBeInTheDocument();
      // In the row of cards with available and locked.
      expect(card.parentElement).toBe(screen.getByTestId('wallet-available').closest('section')!.parentElement);
      // The history names the line in the user's words and shows it as money out.
      await waitFor(() => expect(screen.getAllByText('Bulk deposit').some((el) => el.closest('tr'))).toBe(true));
      const row = screen
        .getAllByText('Bulk deposit')
        .find((el) => el.closest('tr'))!
        .closest('tr')!;
      expect(row).toHaveTextContent('−$126.23');
    } finally {
      ALL.shift();
    }
  });

  it('says how much a top-up must bring to pay every held payment, and opens the recharge with that amount', async () => {
    walletApi({ heldPayments: 3, topUpToRelease: 139.97 });
    const { router } = render();
    expect(await screen.findByText('Payments waiting for a top-up: 3')).toBeInTheDocument();
    expect(screen.getByText(/Recharging \$139\.97 pays them all/)).toBeInTheDocument();
    await ui().click(screen.getByRole('button', { name: 'Recharge $139.97' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/recharge'));
    expect(router.state.location.search).toBe('?amount=139.97');
  });

  it('says nothing of held payments when none waits, and names them in French when some do', async () => {
    walletApi();
    const first = render();
    await waitFor(() => expect(screen.getByTestId('wallet-available')).toHaveTextContent('$123.45'));
    expect(screen.queryByText(/waiting for a top-up/)).not.toBeInTheDocument();
    first.unmount();
    await setLanguage('fr-FR');
    walletApi({ heldPayments: 2, topUpToRelease: 20 });
    render();
    expect(await screen.findByText("Paiements en attente d'une recharge : 2")).toBeInTheDocument();
  });

  it('converts for a EUR user and says the wallet is kept in USD', async () => {
    session.set({ pay_rate: RATES[1]! }); // EUR 0.92
    walletApi();
    render();
    expect(
      await screen.findByText("Shown in EUR at today's rate. Your wallet is kept in US dollars (USD)."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wallet-available')).toHaveTextContent('€113.57'));
  });

  it('lists the history with kinds in the user’s language; filters by type and dates; pages', async () => {
    const { linesCalls } = walletApi();
    const { router } = render();
    const table = await screen.findByRole('table');
    const first = await within(table).findByRole('row', { name: /Order payment/ });
    expect(first).toHaveTextContent('−$20.00');
    expect(within(table).getByRole('row', { name: /Bonus credit/ })).toHaveTextContent('welcome credit');
    expect(screen.getByText('12 lines')).toBeInTheDocument();

    // Page 2 of 12 lines.
    await ui().click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toContain('current=2'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3)); // header + 2
    // The server was asked for page 2 (a refetch of page 1 may come after it on a loaded machine).
    expect(linesCalls.some((c) => c.get('current') === '2')).toBe(true);

    // Consumption only: back to page 1, the server is asked for that type.
    await ui().click(screen.getByText('Consumption', { selector: '.ant-segmented-item-label' }));
    // Filtering goes back to page 1 (whatever refetch of an earlier filter comes after it).
    await waitFor(() =>
      expect(
        linesCalls
          .filter((c) => c.get('type') === 'consume')
          .at(-1)
          ?.get('current'),
      ).toBe('1'),
    );
    await waitFor(() => expect(screen.getByText('1 lines')).toBeInTheDocument());

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    await waitFor(() =>
      expect(linesCalls.some((c) => c.get('to') === '2026-11-15' && c.get('from') === '2026-11-01')).toBe(true),
    );

    // The export link carries the same filter and the interface language.
    const link = screen.getByRole('link', { name: 'Export statement (CSV)' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/p/wallet/statement.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      type: 'consume',
      from: '2026-11-01',
      to: '2026-11-15',
      lang: 'en-US',
    });
    expect(link).toHaveAttribute('download');
  });

  it('draws the balance chart: one point per day with its amount', async () => {
    const { seriesCalls } = walletApi();
    render();
    const chart = await screen.findByRole('img', { name: /Wallet balance from .* to .*: \$0\.00 to \$123\.45/ });
    const points = within(chart.parentElement!).getAllByTestId('chart-point');
    expect(points).toHaveLength(5);
    expect(points[4]!.querySelector('title')).toHaveTextContent('$123.45');
    // The highest balance is the top of the scale, the first day's 0 its bottom.
    expect(Number(points[4]!.getAttribute('cy'))).toBeLessThan(Number(points[0]!.getAttribute('cy')));
    expect(seriesCalls[0]?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await ui().click(screen.getByText('Last 90 days'));
    // A 90-day range was asked for (a refetch of the first range may come after it).
    const days = (c: URLSearchParams) =>
      (Date.parse(`${c.get('to')}T00:00:00Z`) - Date.parse(`${c.get('from')}T00:00:00Z`)) / 86_400_000;
    await waitFor(() => expect(seriesCalls.map(days)).toContain(89));
  });

  it('Recharge opens the recharge page; the page speaks Chinese', async () => {
    walletApi();
    render();
    await ui().click(await screen.findByRole('button', { name: 'Recharge' }));
    expect(await screen.findByRole('heading', { name: 'Recharge page' })).toBeInTheDocument();

    await setLanguage('zh-CN');
    render();
    expect(await screen.findByRole('heading', { name: '钱包余额' })).toBeInTheDocument();
    expect(await screen.findByText('优先于现金消费，不可提现')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /订单扣款/ })).toBeInTheDocument();
  });
});
