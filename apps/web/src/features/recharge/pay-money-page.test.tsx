import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { SLIP_MAX_BYTES } from '@dsm/contract';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { session } from '../../lib/session';
import PayMoneyPage from './pay-money-page';
import { METHODS, ORDER_ID, headersOf, order } from '../../test/factories';

// applyAccept off: the page's own check must refuse a wrong type, as when "All files" is chosen.
const ui = () =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null, applyAccept: false });
const ORDER_URL = `/api/p/recharges/${ORDER_ID}`;

function renderPayMoney() {
  return renderRoutes(
    [
      { path: '/user/paymoney', element: <PayMoneyPage /> },
      { path: '/user/payconfirmation', element: <p>confirmation page</p> },
    ],
    `/user/paymoney?recharge=${ORDER_ID}`,
  );
}

const file = (name: string, type: string, size = 1024) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeAll(() => loadNamespace('recharge'));
beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('bank transfer page', { timeout: 30_000 }, () => {
  it("shows the bank details with the order's number as the payment reference and the total", async () => {
    fakeApi({
      'GET /api/p/recharge/methods': () => envelope(METHODS),
      [`GET ${ORDER_URL}`]: () => envelope(order()),
    });
    renderPayMoney();
    expect(await screen.findByRole('heading', { name: 'Bank transfer instructions' })).toBeInTheDocument();
    for (const text of ['DSM Trading Ltd', 'Example Bank', 'GB33BUKB20201555555555', 'BUKBGB22', '12345678']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByText('R20261124-000123').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$100.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Copy IBAN' })).toBeInTheDocument();
  });

  it('says a slip is needed when submitted without a file, refuses a file over 5 MB or of another type, and sends a good one', async () => {
    let sent: { name: string; key?: string } | null = null;
    fakeApi({
      'GET /api/p/recharge/methods': () => envelope(METHODS),
      [`GET ${ORDER_URL}`]: () => envelope(order()),
      [`POST ${ORDER_URL}/slip`]: (_url, init) => {
        const body = init.body as FormData;
        sent = { name: (body.get('file') as File).name, key: headersOf(init)['Idempotency-Key'] };
        return envelope(order({ state: 'pending' }));
      },
    });
    const user = ui();
    const { router } = renderPayMoney();
    const submit = await screen.findByRole('button', { name: 'Submit the slip' });
    const slip = within(screen.getByRole('region', { name: 'Upload the transfer slip' }));

    await user.click(submit);
    expect(await slip.findByRole('alert')).toHaveTextContent('Please attach the transfer slip.');

    const input = screen.getByLabelText('Transfer slip');
    await user.upload(input, file('slip.png', 'image/png', SLIP_MAX_BYTES + 1));
    expect(slip.getByRole('alert')).toHaveTextContent('The transfer slip must be at most 5 MB.');
    await user.click(submit);
    expect(sent).toBeNull();

    await user.upload(input, file('slip.txt', 'text/plain'));
    expect(slip.getByRole('alert')).toHaveTextContent('The transfer slip must be an image (JPEG, PNG, WebP) or a PDF.');

    await user.upload(input, file('slip.pdf', 'application/pdf'));
    expect(slip.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payconfirmation'));
    expect(sent).toEqual({ name: 'slip.pdf', key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
