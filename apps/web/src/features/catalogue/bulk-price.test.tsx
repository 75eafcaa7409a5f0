import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { envelope, renderAt } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { BulkPrice } from './bulk-price';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('catalogue'));

afterEach(() => vi.unstubAllGlobals());

describe('BulkPrice (product page)', () => {
  it('shows one line per tier for the variant shown: fixed price (never above the variant) and percentage off', async () => {
    fakeApi({
      'GET /api/prod/priceTiers': () =>
        envelope({
          prodId: 7,
          moq: 50,
          tiers: [
            { minQuantity: 50, unitPrice: 8, percentOff: null },
            { minQuantity: 100, unitPrice: null, percentOff: 25 },
          ],
        }),
    });
    renderAt(<BulkPrice prodId={7} basePrice={10} />);
    expect(await screen.findByText('Bulk price: 50+ pcs $8.00')).toBeInTheDocument();
    expect(screen.getByText('Bulk price: 100+ pcs $7.50')).toBeInTheDocument();
  });

  it('shows nothing without tiers', async () => {
    const fetch = fakeApi({ 'GET /api/prod/priceTiers': () => envelope({ prodId: 7, moq: null, tiers: [] }) });
    const { container } = renderAt(<BulkPrice prodId={7} basePrice={10} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('.product-bulk-prices')).toBeNull();
  });
});
