// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { StoreOrderPrivacyRequest } from '@dsm/contract';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace, setLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import PrivacyRequestsPage from './privacy-requests-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

beforeAll(() => Promise.all([loadNamespace('admin'), loadNamespace('store-orders')]));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => setLanguage('en-US'));

const request = (over: Partial<StoreOrderPrivacyRequest>): StoreOrderPrivacyRequest => ({
  id: '1',
  topic: 'customers/redact',
  platform: 'shopify',
  shop: 'alpha.myshopify.com',
  receivedAt: '2026-11-20T10:00:00.000Z',
  doneAt: '2026-11-20T10:00:01.000Z',
  ordersMatched: 3,
  ordersErased: 2,
  export: null,
  ...over,
});

const page = (records: StoreOrderPrivacyRequest[]) =>
  fakeApi({
    'GET /api/admin/store-orders/privacy-requests': () =>
      envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }),
  });

describe('privacy requests console', { timeout: 60_000 }, () => {
  it('lists each request with its store, kind, due date, what was done, and a data request’s export', async () => {
    page([
      request({}),
      request({
        id: '2',
        topic: 'customers/data_request',
        shop: 'beta.myshopify.com',
        ordersMatched: 1,
        ordersErased: 0,
        export: [
          {
            number: '#1001',
            buyerName: 'Jeanne Martin',
            email: 'jeanne@example.com',
            phone: null,
            address: {
              name: 'Jeanne Martin',
              company: '',
              line1: '12 rue de la Paix',
              line2: '',
              city: 'Paris',
              province: '',
              postcode: '75002',
              countryCode: 'FR',
              phone: '',
            },
          },
        ],
      }),
      request({
        id: '3',
        topic: 'shop/redact',
        shop: 'gamma.myshopify.com',
        doneAt: null,
        receivedAt: '2020-01-01T00:00:00.000Z',
      }),
    ]);
    renderAt(<PrivacyRequestsPage />, '/admin/privacy-requests');

    const redact = (await screen.findByText('alpha.myshopify.com')).closest('tr')!;
    expect(within(redact).getByText("Erase a buyer's data")).toBeInTheDocument();
    expect(within(redact).getByText('customers/redact')).toBeInTheDocument();
    expect(within(redact).getByText('3 store orders found, 2 erased')).toBeInTheDocument();
    // Due 30 days after it arrived.
    expect(within(redact).getByText(/Dec 20, 2026/)).toBeInTheDocument();

    const open = screen.getByText('gamma.myshopify.com').closest('tr')!;
    expect(within(open).getByText('Not done yet')).toBeInTheDocument();
    expect(within(open).getByText('Overdue')).toBeInTheDocument();

    const data = screen.getByText('beta.myshopify.com').closest('tr')!;
    expect(within(data).getByText('Data of 1 store order kept for the store owner')).toBeInTheDocument();
    await ui().click(
      within(data).getByRole('button', { name: 'View the export of beta.myshopify.com: 1 store order' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Data request from beta.myshopify.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Jeanne Martin')).toBeInTheDocument();
    expect(within(dialog).getByText('12 rue de la Paix, 75002, Paris, FR')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download (JSON)' })).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh-CN');
    await Promise.all([loadNamespace('admin'), loadNamespace('store-orders')]);
    page([request({ topic: 'shop/redact' })]);
    renderAt(<PrivacyRequestsPage />, '/admin/privacy-requests');
    expect(await screen.findByRole('heading', { name: '隐私请求' })).toBeInTheDocument();
    expect(await screen.findByText('删除店铺数据')).toBeInTheDocument();
    expect(screen.getByText('找到 3 个店铺订单，已删除 2 个')).toBeInTheDocument();
  });
});
