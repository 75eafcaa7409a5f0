import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale, PriceDifference } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace, setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import FillPriceDifferencePage from './fill-price-difference-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const DUE: PriceDifference = {
  id: '11111111-1111-4111-8111-111111111111',
  orderId: 'o-1',
  orderNumber: 'O00000042',
  amount: 12.5,
  reason: 'Supplier price rose',
  state: 'due',
  createdAt: '2026-11-24T09:00:00.000Z',
  paidAt: null,
  cancelledAt: null,
  cancelReason: null,
};
const PAID: PriceDifference = {
  ...DUE,
  id: '22222222-2222-4222-8222-222222222222',
  orderNumber: 'O00000041',
  state: 'paid',
  paidAt: '2026-11-23T09:00:00.000Z',
};
/** Still due when its store order was refunded to the wallet: closed with the order (decision 0142). */
const WITH_ORDER: PriceDifference = {
  ...DUE,
  id: '33333333-3333-4333-8333-333333333333',
  orderNumber: 'O00000043',
  state: 'order-cancelled',
  cancelledAt: '2026-11-25T09:00:00.000Z',
};
const page = (records: PriceDifference[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const wallet = (balance: number) => ({
  balance,
  locked: 0,
  bonus: 0,
  income: balance,
  consumption: 0,
  recharge: balance,
  deposit: 0,
  heldPayments: 0,
  topUpToRelease: 0,
});

beforeAll(async () => {
  await loadNamespace('pricing');
});
beforeEach(() => session.login({ accessToken: 'u', userId: 'u-1', userInfo: { status: '1', role: 'user' } }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const render = () =>
  renderRoutes(
    [{ path: '/user/fillpricedifference', element: <FillPriceDifferencePage /> }],
    '/user/fillpricedifference',
  );

describe('/user/fillpricedifference', { timeout: 30_000 }, () => {
  it('lists the differences with the wallet balance, pays a due one once, and refreshes', async () => {
    let rows = [DUE, PAID];
    let balance = 20;
    const pays: Array<string | null> = [];
    fakeApi({
      'GET /api/p/price-differences': (url) =>
        envelope(page(url.searchParams.get('state') === 'paid' ? rows.filter((r) => r.state === 'paid') : rows)),
      'GET /api/p/wallet': () => envelope(wallet(balance)),
      [`POST /api/p/price-differences/${DUE.id}/pay`]: (_url, init) => {
        pays.push(new Headers(init.headers).get('Idempotency-Key'));
        balance = 7.5;
        rows = rows.map((r) =>
          r.id === DUE.id ? { ...r, state: 'paid' as const, paidAt: '2026-11-24T10:00:00.000Z' } : r,
        );
        return envelope(rows[0]);
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Price difference orders' })).toBeInTheDocument();
    expect(await screen.findByText('Wallet balance: $20.00')).toBeInTheDocument();
    const row = (await screen.findByText('O00000042')).closest('tr')!;
    expect(within(row).getByText('$12.50')).toBeInTheDocument();
    expect(within(row).getByText('Supplier price rose')).toBeInTheDocument();
    expect(within(row).getByText('To pay')).toBeInTheDocument();
    // The paid one has no Pay button.
    expect(within(screen.getByText('O00000041').closest('tr')!).queryByRole('button')).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Pay the price difference of order O00000042' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(pays).toHaveLength(1));
    expect(pays[0]).toMatch(/.+/);
    expect(await screen.findByText('Wallet balance: $7.50')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByText('O00000042').closest('tr')!).getByText('Paid')).toBeInTheDocument(),
    );
  });

  it('not enough money: says so with a recharge link, nothing else changes', async () => {
    fakeApi({
      'GET /api/p/price-differences': () => envelope(page([DUE])),
      'GET /api/p/wallet': () => envelope(wallet(1)),
      [`POST /api/p/price-differences/${DUE.id}/pay`]: () =>
        envelope(
          { reason: 'insufficient-balance', link: '/user/recharge' },
          { code: 'A00010', msg: 'Insufficient balance: 1.00 USD available, 12.50 USD needed.', status: 422 },
        ),
    });
    render();
    const row = (await screen.findByText('O00000042')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Pay the price difference of order O00000042' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(
      await screen.findByText('Your balance is not enough for this difference. Recharge your wallet, then pay.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Insufficient balance: 1.00 USD available, 12.50 USD needed.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Recharge' })[0]).toHaveAttribute('href', '/user/recharge');
  });

  it('switches tabs by state, in French too', async () => {
    await setLanguage('fr-FR');
    const asked: string[] = [];
    fakeApi({
      'GET /api/p/price-differences': (url) => {
        asked.push(url.searchParams.get('state') ?? '');
        return envelope(page(url.searchParams.get('state') === 'paid' ? [PAID] : [DUE, PAID]));
      },
      'GET /api/p/wallet': () => envelope(wallet(3)),
    });
    render();
    await screen.findByText('O00000042');
    await userEvent.click(screen.getByRole('tab', { name: 'Payées' }));
    await waitFor(() => expect(screen.queryByText('O00000042')).toBeNull());
    expect(asked).toContain('paid');
    expect(screen.getByText('Payé')).toBeInTheDocument();
  });

  it.each<[Locale, string, string]>([
    ['en-US', 'Cancelled', 'Cancelled with the order'],
    ['fr-FR', 'Annulées', 'Annulé avec la commande'],
    ['zh-CN', '已取消', '已随订单取消'],
    ['tr-TR', 'İptal edildi', 'Siparişle birlikte iptal edildi'],
  ])(
    '%s: one closed with its refunded order says so under "cancelled", with nothing to pay',
    async (lang, tab, label) => {
      await setLanguage(lang);
      const asked: string[] = [];
      fakeApi({
        'GET /api/p/price-differences': (url) => {
          asked.push(url.searchParams.get('state') ?? '');
          return envelope(page(url.searchParams.get('state') === 'cancelled' ? [WITH_ORDER] : [DUE, WITH_ORDER]));
        },
        'GET /api/p/wallet': () => envelope(wallet(30)),
      });
      render();
      const row = (await screen.findByText('O00000043')).closest('tr')!;
      expect(within(row).getByText(label)).toBeInTheDocument();
      expect(within(row).queryByRole('button')).toBeNull();
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(screen.queryByText('O00000042')).toBeNull());
      expect(asked).toContain('cancelled');
      expect(within(screen.getByText('O00000043').closest('tr')!).getByText(label)).toBeInTheDocument();
    },
  );
});
