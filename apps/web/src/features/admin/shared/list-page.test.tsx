// jsdom lacks ResizeObserver; antd measures tables with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminCategory, AdminNotice, AdminTag } from '@dsm/contract';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { phoneScreen } from '../../../test/screen-width';
import TagsPage from '../tags/tags-page';
import NoticesPage from '../notices/notices-page';
import PagesPage from '../pages/pages-page';
import CategoriesPage from '../categories/categories-page';

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

const TAGS: AdminTag[] = [
  { tagId: 1, code: 'new', position: 1, productCount: 12, names: { 'en-US': 'New arrivals', 'fr-FR': 'Nouveautés' } },
  { tagId: 2, code: 'hot', position: 2, productCount: 3, names: { 'en-US': 'Trending' } },
] as AdminTag[];

const notice = (id: number, title: string): AdminNotice =>
  ({
    id,
    pinned: false,
    publishedAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    text: { 'en-US': { title, body: '<p>x</p>' } },
  }) as AdminNotice;

beforeAll(() => loadNamespace('admin'));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the shared operator list page', { timeout: 60_000 }, () => {
  it('keeps the Actions column fixed to the right edge of the table', async () => {
    fakeApi({ 'GET /api/admin/catalogue/tags': () => envelope(TAGS) });
    renderAt(<TagsPage />, '/admin/tags');
    const edit = await screen.findByRole('button', { name: 'Edit New arrivals' });
    const cell = edit.closest('td')!;
    // antd marks cells of a column fixed to the end; the header cell too.
    expect(cell.className).toMatch(/ant-table-cell-fix-(end|right)/);
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(header.className).toMatch(/ant-table-cell-fix-(end|right)/);
  });

  it('filters a whole list by keyword', async () => {
    fakeApi({ 'GET /api/admin/catalogue/tags': () => envelope(TAGS) });
    const user = ui();
    renderAt(<TagsPage />, '/admin/tags');
    await screen.findByText('Trending');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nouv');
    await waitFor(() => expect(screen.queryByText('Trending')).not.toBeInTheDocument());
    expect(screen.getByText('New arrivals')).toBeInTheDocument();
  });

  it('shows a server validation error under its field in the edit dialog', async () => {
    const fetchMock = fakeApi({
      'GET /api/admin/catalogue/tags': () => envelope(TAGS),
      'PUT /api/admin/catalogue/tags/2': () =>
        envelope([{ field: 'names.fr-FR', message: 'This name is already used by another tag' }], {
          code: 'A00002',
          msg: 'Please check the highlighted fields',
          status: 400,
        }),
    });
    const user = ui();
    renderAt(<TagsPage />, '/admin/tags');
    await user.click(await screen.findByRole('button', { name: 'Edit Trending' }));
    const dialog = await screen.findByRole('dialog');
    const french = within(dialog).getByLabelText(/French/);
    await user.type(french, 'Tendance');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This name is already used by another tag')).toBeInTheDocument();
    expect(french).toHaveAttribute('aria-invalid', 'true');
    const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/tags/2') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ names: { 'en-US': 'Trending', 'fr-FR': 'Tendance' } });
  });

  it('asks before deleting, deletes on yes, and pages on the server', async () => {
    let rows = [notice(1, 'Spring sale'), notice(2, 'Holiday hours')];
    const deleted: string[] = [];
    const fetchMock = fakeApi({
      'GET /api/admin/content/notices': () => envelope({ records: rows, total: 25, size: 10, current: 1, pages: 3 }),
      'DELETE /api/admin/content/notices/2': () => {
        deleted.push('2');
        rows = rows.filter((r) => r.id !== 2);
        return envelope(null);
      },
    });
    const user = ui();
    renderAt(<NoticesPage />, '/admin/notices');
    await user.click(await screen.findByRole('button', { name: 'Delete Holiday hours' }));
    const question = await screen.findByRole('dialog');
    expect(deleted).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Holiday hours')).not.toBeInTheDocument());
    expect(deleted).toEqual(['2']);

    // 25 notices over pages of 10: page 2 is asked of the server.
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('/admin/content/notices') && String(url).includes('current=2'),
        ),
      ).toBe(true),
    );
  });

  it('lists the static pages with their languages and edits one in a drawer, a language at a time', async () => {
    const stamp = '2026-01-02T10:00:00.000Z';
    let saved: unknown;
    fakeApi({
      'GET /api/admin/content/pages': () =>
        envelope([{ slug: 'aboutus', translations: [{ locale: 'en-US', title: 'About us', updatedAt: stamp }] }]),
      'GET /api/admin/content/pages/aboutus': () =>
        envelope({
          slug: 'aboutus',
          translations: [{ locale: 'en-US', title: 'About us', body: '<p>We ship.</p>', updatedAt: stamp }],
        }),
      'PUT /api/admin/content/pages/aboutus': (_url, init) => {
        saved = JSON.parse(String(init.body));
        return envelope({
          slug: 'aboutus',
          translations: [{ locale: 'en-US', title: 'About us', body: '<p>We ship fast.</p>', updatedAt: stamp }],
        });
      },
    });
    const user = ui();
    renderAt(<PagesPage />, '/admin/pages');
    const row = (await screen.findByRole('button', { name: 'Edit About us' })).closest('tr')!;
    expect(within(row).getByText('1 of 4 languages')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit About us' }));
    const drawer = await screen.findByRole('dialog');
    const body = await within(drawer).findByDisplayValue('<p>We ship.</p>');
    await user.clear(body);
    await user.type(body, '<p>We ship fast.</p>');
    await user.click(within(drawer).getByRole('button', { name: 'Save English' }));
    await waitFor(() => expect(saved).toEqual({ locale: 'en-US', title: 'About us', body: '<p>We ship fast.</p>' }));
  });
  it('disables Delete with its reason on a row that cannot go, and deletes one that can', async () => {
    const category = (
      categoryId: number,
      parentId: number | null,
      name: string,
      productCount: number,
    ): AdminCategory => ({
      categoryId,
      parentId,
      icon: 'toys',
      position: categoryId,
      names: { 'en-US': name },
      productCount,
    });
    let rows = [
      category(1, null, 'Toys', 0),
      category(2, 1, 'Puzzles', 0),
      category(3, null, 'Garden', 4),
      category(4, null, 'Spare', 0),
    ];
    fakeApi({
      'GET /api/admin/catalogue/categories': () => envelope(rows),
      'DELETE /api/admin/catalogue/categories/4': () => {
        rows = rows.filter((r) => r.categoryId !== 4);
        return envelope(null);
      },
    });
    const user = ui();
    renderAt(<CategoriesPage />, '/admin/categories');
    // The page's own button beside the title, and its own row actions before Delete.
    expect(await screen.findByRole('button', { name: 'New top-level category' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add subcategory to Garden' })).toBeInTheDocument();
    // A parent and a category with products stay; the reason is in the button's name and title.
    expect(screen.getByRole('button', { name: 'Delete Toys (only empty categories can be deleted)' })).toBeDisabled();
    const garden = screen.getByRole('button', { name: 'Delete Garden (only empty categories can be deleted)' });
    expect(garden).toBeDisabled();
    expect(garden).toHaveAttribute('title', 'only empty categories can be deleted');
    await user.click(screen.getByRole('button', { name: 'Delete Spare' }));
    const question = await screen.findByRole('dialog');
    expect(within(question).getAllByText('Delete the category “Spare”?').length).toBeGreaterThan(0);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Spare')).not.toBeInTheDocument());
  });

  describe('on a phone', () => {
    it('shows a card per row with its fields and its own buttons, and no table', async () => {
      phoneScreen();
      fakeApi({ 'GET /api/admin/catalogue/tags': () => envelope(TAGS) });
      renderAt(<TagsPage />, '/admin/tags');
      const card = await screen.findByRole('article', { name: 'New arrivals' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Edit New arrivals' })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Edit Trending' })).not.toBeInTheDocument();
      // Each field under its column's name.
      const code = within(card).getByText('new');
      expect(code.closest('dd')?.previousElementSibling?.tagName).toBe('DT');
      const trending = screen.getByRole('article', { name: 'Trending' });
      expect(within(trending).getByRole('button', { name: 'Edit Trending' })).toBeInTheDocument();
    });

    it('gives every category of the tree its card, children after their parent, with its actions', async () => {
      phoneScreen();
      const category = (categoryId: number, parentId: number | null, name: string): AdminCategory => ({
        categoryId,
        parentId,
        icon: 'toys',
        position: categoryId,
        names: { 'en-US': name },
        productCount: 0,
      });
      fakeApi({
        'GET /api/admin/catalogue/categories': () =>
          envelope([category(1, null, 'Toys'), category(2, 1, 'Puzzles'), category(3, null, 'Garden')]),
      });
      renderAt(<CategoriesPage />, '/admin/categories');
      await screen.findByRole('article', { name: 'Puzzles' });
      expect(screen.getAllByRole('article').map((a) => a.querySelector('h2')?.textContent)).toEqual([
        'Toys',
        'Puzzles',
        'Garden',
      ]);
      const puzzles = screen.getByRole('article', { name: 'Puzzles' });
      expect(within(puzzles).getByRole('button', { name: 'Add subcategory to Puzzles' })).toBeInTheDocument();
      expect(within(puzzles).getByRole('button', { name: 'Delete Puzzles' })).toBeEnabled();
    });

    it('pages a long whole list in cards as the table does', async () => {
      phoneScreen();
      const many = Array.from({ length: 25 }, (_, i) => ({
        ...TAGS[0]!,
        tagId: i + 1,
        code: `t${i + 1}`,
        names: { 'en-US': `Tag ${i + 1}` },
      }));
      fakeApi({ 'GET /api/admin/catalogue/tags': () => envelope(many) });
      const user = ui();
      renderAt(<TagsPage />, '/admin/tags');
      await screen.findByRole('article', { name: 'Tag 1' });
      expect(screen.getAllByRole('article')).toHaveLength(20);
      await user.click(screen.getByRole('listitem', { name: '2' }));
      expect(await screen.findByRole('article', { name: 'Tag 21' })).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(5);
    });
  });
});
