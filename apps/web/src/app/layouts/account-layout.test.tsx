import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Modal, Pagination, Select } from 'antd';
import { useState } from 'react';
import { fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { setLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';
import { AdminLayout, UserLayout } from './account-layout';

/** A page with the antd parts the tour found: two-character buttons, a dialog, paging, a select. */
function KitPage() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <h1>Kit</h1>
      <Button onClick={() => setOpen(true)}>保存</Button>
      <Button>取消</Button>
      <Pagination total={200} />
      <Select aria-label="Pick" options={[{ value: 'a', label: 'A' }]} />
      <Modal open={open} title="Dialog" onCancel={() => setOpen(false)}>
        body
      </Modal>
    </div>
  );
}

function renderShell(kind: 'user' | 'admin', path = `/${kind}/page`) {
  return renderRoutes(
    [
      { path: 'user', element: <UserLayout />, children: [{ path: 'page', element: <KitPage /> }] },
      { path: 'admin', element: <AdminLayout />, children: [{ path: 'page', element: <KitPage /> }] },
      { path: 'index', element: <p>shop home</p> },
    ],
    path,
  );
}

beforeEach(() => {
  fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('account layout', () => {
  it('has exactly one main landmark, the skip link target, on /user and /admin pages', async () => {
    session.login({ accessToken: 't', shopName: 'Shop', userId: 1, userInfo: { status: '1', role: 'operator' } });
    for (const kind of ['user', 'admin'] as const) {
      const view = renderShell(kind);
      await screen.findByRole('heading', { name: 'Kit' });
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
      expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Kit' })).toBeInTheDocument();
      view.unmount();
    }
  });

  it("gives the console its own header: brand, 'Console', back to the shop, language, account menu; no cart, currency or stores", async () => {
    session.login({ accessToken: 't', shopName: 'Ops', userId: 1, userInfo: { status: '1', role: 'operator' } });
    const user = userEvent.setup();
    const { router } = renderShell('admin');
    await screen.findByRole('heading', { name: 'Kit' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Console')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: /^Dropship Market/ })).toHaveAttribute('href', '/index');
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(header).queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: /Shopping cart/ })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'My stores' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Chat with us/ })).not.toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: /Account menu/ }));
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await user.click(within(header).getByRole('link', { name: 'Back to the shop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it("keeps the shop's header (cart, currency) in the store owner's account area", async () => {
    session.login({ accessToken: 't', shopName: 'Shop', userId: 1, userInfo: { status: '1', role: 'user' } });
    renderShell('user');
    await screen.findByRole('heading', { name: 'Kit' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Shopping cart' })).toBeInTheDocument();
    expect(within(header).queryByText('Console')).not.toBeInTheDocument();
  });

  it('writes Chinese two-character buttons without a space and names antd icons in the interface language', async () => {
    session.login({ accessToken: 't', shopName: 'Shop', userId: 1, userInfo: { status: '1', role: 'user' } });
    await setLanguage('zh-CN');
    const user = userEvent.setup();
    renderShell('user');
    await screen.findByRole('heading', { name: 'Kit' });
    expect(screen.getByRole('button', { name: '保存' })).toHaveTextContent(/^保存$/);
    expect(screen.getByRole('button', { name: '取消' })).toHaveTextContent(/^取消$/);

    await user.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByRole('dialog');
    // Every icon is either decoration hidden from screen readers or named in Chinese.
    await waitFor(() => {
      const icons = [...document.querySelectorAll('.anticon')];
      expect(icons.length).toBeGreaterThan(3);
      for (const icon of icons) {
        if (icon.getAttribute('aria-hidden') === 'true') continue;
        expect(icon.getAttribute('aria-label') ?? '').toMatch(/\p{Script=Han}/u);
      }
    });
    // antd's own icon names never reach the accessibility tree.
    for (const english of ['close', 'left', 'right', 'down', 'search']) {
      expect(screen.queryByRole('img', { name: english })).not.toBeInTheDocument();
    }
    // The paging arrows keep a name: antd's localized title.
    expect(screen.getByRole('img', { name: '上一页' })).toBeInTheDocument();
  });
});
