import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RechargeOrder } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PayConfirmationPage from './pay-confirmation-page';
import { ORDER_ID, order } from '../../test/factories';

const renderAt = (search: string) =>
  renderRoutes([{ path: '/user/payconfirmation', element: <PayConfirmationPage /> }], `/user/payconfirmation${search}`);
const link = (name: string) => screen.getByRole('link', { name });

beforeAll(() => loadNamespace('recharge'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('payment confirmation, by outcome', { timeout: 30_000 }, () => {
  it('success: the amount credited, links to the wallet balance and the recharge orders', async () => {
    fakeApi({
      [`GET /api/p/recharges/${ORDER_ID}`]: () =>
        envelope(order({ state: 'completed', method: 'paypal', fee: 4.7, total: 104.7 })),
    });
    renderAt(`?recharge=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('$100.00 has been added to your wallet balance.')).toBeInTheDocument();
    expect(link('Wallet balance')).toHaveAttribute('href', '/user/walletBalance');
    expect(link('Recharge orders')).toHaveAttribute('href', '/user/rechargeorder');
  });

  it.each<[string, Partial<RechargeOrder>, string]>([
    ['a bank transfer under review', { state: 'pending', method: 'bank' }, 'An operator reviews bank transfers'],
    ['a provider still confirming', { state: 'paid', method: 'card' }, 'It completes by itself'],
  ])('pending (%s): says what is awaited and that it completes by itself', async (_name, over, text) => {
    fakeApi({ [`GET /api/p/recharges/${ORDER_ID}`]: () => envelope(order(over)) });
    renderAt(`?recharge=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
  });

  it('failed: "Recharge failed, please contact us" with the contact link and try again', async () => {
    fakeApi({
      [`GET /api/p/recharges/${ORDER_ID}`]: () =>
        envelope(order({ state: 'closed', closeReason: 'failed', method: 'card', note: 'card declined' })),
    });
    renderAt(`?recharge=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Recharge failed, please contact us' })).toBeInTheDocument();
    expect(link('Contact us')).toHaveAttribute('href', '/contanctus');
    expect(link('Try again')).toHaveAttribute('href', '/user/recharge');
    expect(screen.getByText('Note: card declined')).toBeInTheDocument();
  });

  it("error: a rejected slip says so with the operator's reason and points to the wallet", async () => {
    fakeApi({
      [`GET /api/p/recharges/${ORDER_ID}`]: () =>
        envelope(order({ state: 'closed', closeReason: 'rejected', note: 'The amount on the slip does not match' })),
    });
    renderAt(`?recharge=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Payment error' })).toBeInTheDocument();
    expect(screen.getByText(/The bank transfer was rejected by our team/)).toBeInTheDocument();
    expect(screen.getByText('Note: The amount on the slip does not match')).toBeInTheDocument();
    expect(link('Check your wallet')).toHaveAttribute('href', '/user/walletBalance');
  });

  it('error (generic form): cancel the payment and check the wallet', async () => {
    fakeApi();
    renderAt('?outcome=error');
    expect(await screen.findByRole('heading', { name: 'Payment error' })).toBeInTheDocument();
    expect(
      screen.getByText('The payment did not go through. Cancel the payment and check your wallet before trying again.'),
    ).toBeInTheDocument();
  });

  it('insufficient balance: what is locked, the shortfall, and a Recharge button for it', async () => {
    fakeApi();
    renderAt('?outcome=insufficient-balance&amount=12.5');
    expect(await screen.findByRole('heading', { name: 'Insufficient balance' })).toBeInTheDocument();
    expect(
      screen.getByText(/is locked for this payment, and \$12\.50 is missing.*completes by itself/),
    ).toBeInTheDocument();
    expect(link('Recharge $12.50')).toHaveAttribute('href', '/user/recharge?amount=12.50');
  });

  it('success and pending also come in the generic form', async () => {
    fakeApi();
    const view = renderAt('?outcome=success');
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    view.unmount();
    renderAt('?outcome=pending');
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
  });
});
