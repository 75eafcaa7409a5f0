// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminWarehouse } from '@dsm/contract';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import WarehousesPage from './warehouses-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
const WAREHOUSES = [
  { code: 'CN', country: 'CN', active: true, position: 0, names: { 'en-US': 'China' } },
  { code: 'MX', country: 'MX', active: true, position: 1, names: { 'en-US': 'Mexico City hub' } },
] as AdminWarehouse[];

beforeAll(() => loadNamespace('admin'));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('warehouses', { timeout: 60_000 }, () => {
  it('asks before deleting and shows the server’s reason when the warehouse is in use', async () => {
    const fetchMock = fakeApi({
      'GET /api/admin/logistics/warehouses': () => envelope(WAREHOUSES),
      'GET /api/countries': () => envelope([]),
      'DELETE /api/admin/logistics/warehouses/CN': () =>
        envelope(null, {
          code: 'A00007',
          msg: 'Warehouse CN cannot be deleted: 12 products and 3 shipping methods use it. Move them or turn the warehouse off instead.',
          status: 409,
        }),
    });
    const user = ui();
    renderAt(<WarehousesPage />, '/admin/warehouses');
    await user.click(await screen.findByRole('button', { name: 'Delete China' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete the warehouse China?').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Warehouse CN cannot be deleted: 12 products and 3 shipping methods use it. Move them or turn the warehouse off instead.',
      ),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/warehouses/CN') && init?.method === 'DELETE'),
    ).toBe(true);
    expect(screen.getByText('China')).toBeInTheDocument();
  });
});
