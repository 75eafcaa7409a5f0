// jsdom lacks ResizeObserver; antd measures tables and popups with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminCategory, AdminProduct, AdminWarehouse, SaveProductBody } from '@dsm/contract';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { ProductForm } from './product-form';
import { newProductValues, toSaveBody, type ProductFormValues } from './product-form.model';

const CATEGORIES: AdminCategory[] = [
  {
    categoryId: 1,
    parentId: null,
    icon: 'bags',
    position: 0,
    names: { 'en-US': 'Bags', 'fr-FR': 'Sacs' },
    productCount: 0,
  },
  {
    categoryId: 19,
    parentId: 1,
    icon: 'bags',
    position: 0,
    names: { 'en-US': 'Handbags', 'fr-FR': 'Sacs à main' },
    productCount: 3,
  },
];

function saved(body: SaveProductBody): AdminProduct {
  return {
    prodId: 901,
    categoryId: body.categoryId,
    status: 'on',
    attribute: body.attribute,
    warehouse: body.warehouse,
    sales: 0,
    sourceNote: body.sourceNote ?? '',
    translations: Object.fromEntries(
      Object.entries(body.translations).map(([l, t]) => [
        l,
        { title: t!.title, brief: t!.brief, description: t!.description },
      ]),
    ),
    imgs: body.imgs,
    skus: body.skus.map((s, i) => ({ ...s, skuId: 100 + i, pic: s.pic, specs: s.specs })),
    tagIds: body.tagIds,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

/** The operator's warehouses: the seeded three and one they added (Mexico). */
const WAREHOUSES: AdminWarehouse[] = [
  { code: 'CN', country: 'CN', active: true, position: 0, names: { 'en-US': 'China' } },
  { code: 'US', country: 'US', active: true, position: 1, names: { 'en-US': 'United States' } },
  { code: 'EU', country: 'DE', active: true, position: 2, names: { 'en-US': 'Europe' } },
  { code: 'MX', country: 'MX', active: true, position: 3, names: { 'en-US': 'Mexico City hub' } },
] as AdminWarehouse[];

function api(onSave?: (body: SaveProductBody, headers: Record<string, string>) => Response) {
  return fakeApi({
    'GET /api/admin/catalogue/categories': () => envelope(CATEGORIES),
    'GET /api/admin/catalogue/tags': () => envelope([]),
    'GET /api/admin/catalogue/specs': () => envelope([]),
    'GET /api/admin/logistics/warehouses': () => envelope(WAREHOUSES),
    'POST /api/admin/catalogue/products': (_url, init) => {
      const body = JSON.parse(String(init.body)) as SaveProductBody;
      return onSave ? onSave(body, (init.headers ?? {}) as Record<string, string>) : envelope(saved(body));
    },
  });
}

function renderForm(initial: Partial<ProductFormValues> = {}, onSaved = vi.fn()) {
  const values = { ...newProductValues(), ...initial };
  renderAt(<ProductForm prodId={null} initialValues={values} onSaved={onSaved} />, '/admin/products/new');
  return onSaved;
}

const ui = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
// Role queries are slow on a form this size in jsdom: fields are found by their labels.
const field = (label: string) => screen.getByLabelText(label);
/** The field of the language tab that is open (every tab stays mounted). */
const inOpenTab = (label: string) =>
  within(document.querySelector<HTMLElement>('[role=tabpanel][aria-hidden=false]')!).getByLabelText(label);
const tab = (name: string) => screen.getByText(name, { selector: '.ant-tabs-tab-btn *' });
const posted = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/admin/catalogue/products') && init?.method === 'POST',
  );

// The console's texts load with its routes; a page rendered on its own asks for them here.
beforeAll(() => loadNamespace('admin'));
beforeEach(() => {
  session.login({ accessToken: 'op', userId: 'op-1', userInfo: { status: '1', role: 'operator' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('product form', { timeout: 60_000 }, () => {
  it('asks for the category, the English title and a complete SKU row before calling the server', async () => {
    const fetchMock = api();
    const user = ui();
    renderForm();
    await user.click(screen.getByText('Create product'));

    expect(await screen.findByText('Please choose a category', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Please enter the English title')).toBeInTheDocument();
    expect(screen.getByText('Please enter a SKU code')).toBeInTheDocument();
    expect(screen.getByText('Please enter a price')).toBeInTheDocument();
    expect(screen.getByText('Please enter the weight')).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);
  });

  it('checks SKU rows: code format, duplicate codes, a price above 0', async () => {
    const fetchMock = api();
    const user = ui();
    renderForm({ categoryId: 19 });
    await user.type(inOpenTab('Title'), 'Canvas tote');
    await user.type(field('SKU code, SKU 1'), 'TOTE 1');
    await user.type(field('Price (USD), SKU 1'), '0');
    await user.click(screen.getByText('Add SKU'));
    await user.type(field('SKU code, SKU 2'), 'tote 1');
    await user.click(screen.getByText('Create product'));

    // Each row's messages: the code's format, the code used twice, the price.
    await waitFor(() => expect(screen.getAllByText('Two SKUs have this code')).toHaveLength(2), { timeout: 15_000 });
    expect(screen.getAllByText('Letters, digits, dots, hyphens and underscores only')).toHaveLength(2);
    expect(screen.getAllByText('Must be greater than 0')).toHaveLength(2);
    expect(posted(fetchMock)).toHaveLength(0);

    // A second row can be removed again; the last one cannot.
    await user.click(field('Remove SKU 2'));
    expect(screen.queryByLabelText('SKU code, SKU 2')).not.toBeInTheDocument();
    expect(field('Remove SKU 1')).toBeDisabled();
  });

  it('takes prices with at most 2 decimals and shows them with 2 decimals after leaving the field', async () => {
    api();
    const user = ui();
    renderForm({ categoryId: 19 });
    const price = field('Price (USD), SKU 1');
    await user.type(price, '12.345');
    expect(price).toHaveValue('12.34');
    const original = field('Original price (USD), SKU 1');
    await user.type(original, '20');
    fireEvent.blur(original);
    expect(original).toHaveValue('20.00');
    await user.type(field('Weight, SKU 1'), '0,25');
    expect(field('Weight, SKU 1')).toHaveValue('0.25');
  });

  it('keeps each language’s texts when switching tabs, and sends only the languages written', async () => {
    let body: SaveProductBody | undefined;
    let idempotencyKey: string | undefined;
    api((b, headers) => {
      body = b;
      idempotencyKey = headers['Idempotency-Key'];
      return envelope(saved(b));
    });
    const user = ui();
    const onSaved = renderForm({ categoryId: 19 });

    await user.type(inOpenTab('Title'), 'Canvas tote bag');
    await user.click(tab('French'));
    const frenchTitle = inOpenTab('Title');
    expect(frenchTitle).toHaveValue('');
    await user.type(frenchTitle, 'Sac cabas en toile');
    await user.click(tab('English (required)'));
    expect(inOpenTab('Title')).toHaveValue('Canvas tote bag');
    await user.click(tab('French'));
    expect(inOpenTab('Title')).toHaveValue('Sac cabas en toile');

    await user.type(field('SKU code, SKU 1'), 'TOTE-1');
    await user.type(field('Price (USD), SKU 1'), '9.5');
    await user.type(field('Weight, SKU 1'), '0.3');
    await user.click(screen.getByText('Create product'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
    expect(body?.translations).toEqual({
      'en-US': { title: 'Canvas tote bag', brief: '', description: '' },
      'fr-FR': { title: 'Sac cabas en toile', brief: '', description: '' },
    });
    expect(body?.skus).toEqual([
      expect.objectContaining({ skuCode: 'TOTE-1', price: 9.5, oriPrice: 0, weight: 0.3, stocks: 0, specs: [] }),
    ]);
    expect(body?.categoryId).toBe(19);
    // A retry after a lost answer creates no second product (decision 0062).
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers the warehouses the operator has, one they added included, for the product and a SKU', async () => {
    let body: SaveProductBody | undefined;
    api((b) => {
      body = b;
      return envelope(saved(b));
    });
    const user = ui();
    const onSaved = renderForm({ categoryId: 19 });
    await user.type(inOpenTab('Title'), 'Clay pot');
    await user.click(field('Ships from'));
    await user.click(await screen.findByText('Mexico City hub (MX)', { selector: '.ant-select-item-option-content' }));
    await user.type(field('SKU code, SKU 1'), 'POT-1');
    await user.type(field('Price (USD), SKU 1'), '3');
    await user.type(field('Weight, SKU 1'), '0.5');
    // This SKU's stock is elsewhere: in the United States warehouse.
    await user.click(field('Warehouse, SKU 1'));
    const options = await screen.findAllByText('United States (US)', { selector: '.ant-select-item-option-content' });
    await user.click(options.at(-1)!);
    await user.click(screen.getByText('Create product'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
    expect(body?.warehouse).toBe('MX');
    expect(body?.skus[0]?.warehouse).toBe('US');
  });

  it('shows the server’s field errors (A00002) under their fields, on the right language tab', async () => {
    api(() =>
      envelope(
        [
          { field: 'translations.fr-FR.title', message: 'Le titre est trop proche d’un autre produit' },
          { field: 'skus.0.skuCode', message: 'This SKU code is already used by another product' },
        ],
        { code: 'A00002', msg: 'Please check the highlighted fields', status: 400 },
      ),
    );
    const user = ui();
    renderForm({ categoryId: 19 });
    await user.type(inOpenTab('Title'), 'Canvas tote bag');
    await user.click(tab('French'));
    await user.type(inOpenTab('Title'), 'Sac');
    await user.click(tab('English (required)'));
    await user.type(field('SKU code, SKU 1'), 'TAKEN-1');
    await user.type(field('Price (USD), SKU 1'), '5');
    await user.type(field('Weight, SKU 1'), '1');
    await user.click(screen.getByText('Create product'));

    expect(
      await screen.findByText('This SKU code is already used by another product', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // The form moved to the French tab, where the title's message is.
    await waitFor(() => expect(document.querySelector('.ant-tabs-tab-active')).toHaveTextContent('French'));
    const panel = document.querySelector<HTMLElement>('[role=tabpanel][aria-hidden=false]')!;
    expect(within(panel).getByText('Le titre est trop proche d’un autre produit')).toBeInTheDocument();
  });
});

describe('product form model', () => {
  it('sends only the chosen specs and no empty language', () => {
    const values = newProductValues();
    values.categoryId = 3;
    values.translations['en-US'].title = ' Lamp ';
    values.translations['zh-CN'].brief = '   ';
    values.specCodes = ['colour'];
    values.skus = [{ ...values.skus[0]!, skuCode: 'L-1', price: 4, weight: 1, spec: { colour: 'red', size: 'm' } }];
    const body = toSaveBody(values);
    expect(Object.keys(body.translations)).toEqual(['en-US']);
    expect(body.translations['en-US']?.title).toBe('Lamp');
    expect(body.skus[0]?.specs).toEqual([{ property: 'colour', value: 'red' }]);
  });
});
