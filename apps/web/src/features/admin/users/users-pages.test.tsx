// jsdom lacks ResizeObserver; antd measures tables and popups with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminUser, MailOutboxEntry } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { session } from '../../../lib/session';
import AdminUsersPage from './users-page';
import MailOutboxPage from '../mail/mail-outbox-page';
import { loadNamespace } from '../../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('accounts'));

function user(id: string, email: string, status: '1' | '0', role: 'user' | 'operator' = 'user'): AdminUser {
  return {
    userId: id,
    username: email.split('@')[0]!,
    firstname: 'Ada',
    lastname: 'Lovelace',
    email,
    phoneNumber: '1',
    country: 'FR',
    status,
    role,
    userType: 'dropshipping',
    taxId: '',
    address: '',
    createdAt: '2025-03-01T10:00:00.000Z',
  };
}

const page = <T,>(records: T[], current = 1, size = 10) => ({
  records,
  total: records.length,
  size,
  current,
  pages: 1,
});

beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('operator pages', { timeout: 30_000 }, () => {
  it('searches users and disables an account after confirmation', async () => {
    let rows = [user('op-1', 'operator@example.com', '1', 'operator'), user('u-2', 'ada@example.com', '1')];
    const fetchMock = fakeApi({
      'GET /api/admin/users': () => envelope(page(rows)),
      'PUT /api/admin/users/u-2/status': (_url, init) => {
        const { status } = JSON.parse(String(init.body)) as { status: '0' | '1' };
        rows = rows.map((r) => (r.userId === 'u-2' ? { ...r, status } : r));
        return envelope(rows[1]);
      },
    });
    const ui = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderRoutes([{ path: '/admin/users', element: <AdminUsersPage /> }], '/admin/users');

    const row = await screen.findByRole('row', { name: /ada@example.com/ });
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open the wallet of ada@example.com' })).toHaveAttribute(
      'href',
      '/admin/users/u-2/wallet',
    );
    // The operator cannot disable themself: no button on their own row.
    expect(
      within(screen.getByRole('row', { name: /operator@example.com/ })).getByText('This is you'),
    ).toBeInTheDocument();

    await ui.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=ada'));
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/api/admin/users?current=1&size=10&keyword=ada')),
    ).toBe(true);

    await ui.click(within(row).getByRole('button', { name: 'Disable ada@example.com' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('The user is logged out at once');
    await ui.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /ada@example.com/ })).getByText('Disabled')).toBeInTheDocument(),
    );
    const put = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/users/u-2/status');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: '0' });
  });

  it('lists the mail outbox and shows a message body', async () => {
    const entry: MailOutboxEntry = {
      id: 'm1',
      to: 'ada@example.com',
      subject: 'Your password reset code',
      text: 'Hello Ada,\n\nYour verification code is 123456.',
      html: '',
      locale: 'en-US',
      createdAt: '2025-03-01T10:00:00.000Z',
      sentAt: '2025-03-01T10:00:01.000Z',
      error: null,
    };
    fakeApi({ 'GET /api/admin/mail-outbox': () => envelope(page([entry])) });
    const ui = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderRoutes([{ path: '/admin/mail-outbox', element: <MailOutboxPage /> }], '/admin/mail-outbox');

    const row = await screen.findByRole('row', { name: /Your password reset code/ });
    expect(within(row).getByText('to ada@example.com')).toBeInTheDocument();
    await ui.click(
      within(row).getByRole('button', { name: 'View "Your password reset code" sent to ada@example.com' }),
    );
    // (antd gives every generated id the same value under test, so the dialog is found by role.)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your password reset code')).toBeInTheDocument();
    expect(within(dialog).getByText(/Your verification code is 123456/)).toBeInTheDocument();
    expect(within(dialog).getByText('Delivered')).toBeInTheDocument();
  });
});
