import { describe, expect, it } from 'vitest';
import { DEMO_INVOICE_SELLER, loadConfig } from '../../config';
import { invoiceSellerOf } from './invoices.service';

const base = { SECRET_KEY: 'x'.repeat(32), DATA_DIR: '/tmp/invoices-config-test' };

describe('invoice seller configuration', () => {
  it('defaults to the demo company, marked as demo', () => {
    const seller = invoiceSellerOf(loadConfig(base));
    expect(seller).toEqual(DEMO_INVOICE_SELLER);
    expect(seller.name).toMatch(/demo/i);
  });

  it('reads INVOICE_SELLER_*; a configured seller gets no demo value mixed in; the country is two letters', () => {
    const seller = invoiceSellerOf(
      loadConfig({
        ...base,
        INVOICE_SELLER_NAME: 'Pazar Ticaret A.Ş.',
        INVOICE_SELLER_COUNTRY: 'tr',
        INVOICE_SELLER_VAT: 'TR0123456789',
      }),
    );
    expect(seller).toEqual({
      name: 'Pazar Ticaret A.Ş.',
      countryCode: 'TR',
      vatNumber: 'TR0123456789',
      address: '',
      email: '',
    });
    expect(() => loadConfig({ ...base, INVOICE_SELLER_COUNTRY: 'Turkey' })).toThrow(/INVOICE_SELLER_COUNTRY/);
  });
});
