import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, renderAt } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { loadNamespace } from '../../../lib/i18n';
import { PriceTiersCard } from './price-tiers-card';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(async () => {
  await Promise.all([loadNamespace('pricing'), loadNamespace('admin')]);
});
afterEach(() => vi.unstubAllGlobals());

describe('PriceTiersCard (operator product editor)', { timeout: 30_000 }, () => {
  it('shows the MOQ, adds a percentage tier and saves the whole list', async () => {
    const puts: unknown[] = [];
    fakeApi({
      'GET /api/admin/catalogue/products/7/price-tiers': () =>
        envelope({ prodId: 7, moq: 50, tiers: [{ minQuantity: 50, unitPrice: 8, percentOff: null }] }),
      'PUT /api/admin/catalogue/products/7/price-tiers': (_url, init) => {
        puts.push(JSON.parse(String(init.body)));
        return envelope({
          prodId: 7,
          moq: 50,
          tiers: [
            { minQuantity: 50, unitPrice: 8, percentOff: null },
            { minQuantity: 100, unitPrice: null, percentOff: 25 },
          ],
        });
      },
    });
    renderAt(<PriceTiersCard prodId={7} />);
    expect(await screen.findByText('MOQ for bulk buying: 50 pcs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    const quantities = screen.getAllByLabelText('From (pcs)');
    await userEvent.type(quantities[1]!, '100');
    const kinds = screen.getAllByRole('combobox');
    await userEvent.click(kinds[kinds.length - 1]!);
    await userEvent.click(await screen.findByTitle('Percent off'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Percent off' }), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save tiers' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          tiers: [
            { minQuantity: 50, unitPrice: 8, percentOff: null },
            { minQuantity: 100, unitPrice: null, percentOff: 25 },
          ],
        },
      ]),
    );
  });
});
