// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, renderAt } from '../../../test/render';
import { RATES, fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import CurrencyPage from './currency-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

// The console's texts load with its routes; a page rendered on its own asks for them here.
beforeAll(() => loadNamespace('admin'));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('currency rates', { timeout: 60_000 }, () => {
  it('shows the server’s refusal of a USD rate other than 1 under the USD rate', async () => {
    const fetchMock = fakeApi({
      'PUT /api/admin/currency/USD': () =>
        envelope([{ field: 'rate', message: 'The base currency USD always has the rate 1' }], {
          code: 'A00002',
          msg: 'Please check the highlighted fields',
          status: 400,
        }),
    });
    const user = ui();
    renderAt(<CurrencyPage />, '/admin/currencies');
    const usd = await screen.findByLabelText('Rate of USD per 1 USD');
    expect(usd).toHaveValue('1');
    await user.clear(usd);
    await user.type(usd, '2');
    await user.click(screen.getByLabelText('Save USD'));

    expect(await screen.findByText('The base currency USD always has the rate 1')).toBeInTheDocument();
    expect(usd).toHaveAttribute('aria-invalid', 'true');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/currency/USD') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ rate: 2, symbol: '$', name: 'US dollar' });
  });

  it('saves another currency’s rate and refreshes the rates everyone converts with', async () => {
    let rates = RATES;
    fakeApi({
      'GET /api/currency/rates': () => envelope(rates),
      'PUT /api/admin/currency/EUR': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { rate: number };
        rates = rates.map((r) => (r.currencyCode === 'EUR' ? { ...r, rate: body.rate } : r));
        return envelope(rates[1]);
      },
    });
    const user = ui();
    renderAt(<CurrencyPage />, '/admin/currencies');
    const eur = await screen.findByLabelText('Rate of EUR per 1 USD');
    await user.clear(eur);
    await user.type(eur, '0.95');
    await user.click(screen.getByLabelText('Save EUR'));
    expect(await screen.findByText('EUR was saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('$100.00 = €95.00')).toBeInTheDocument());
  });
});
