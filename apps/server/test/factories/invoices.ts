import type { Locale } from '@dsm/contract';
import { DEMO_INVOICE_SELLER } from '../../src/config';
import type { IssueInvoiceInput } from '../../src/modules/invoices/invoices.service';

/**
 * An invoice as orders would issue it: 2 × 12.50 of a Chinese-named product and 1 × 7.25 of a
 * Turkish one; tax 3.23, discount 1.00, operate 0.50, handling 0.75, shipping 4.00 → 39.73.
 */
export function sampleInput(
  userId: string,
  locale: Locale,
  overrides: Partial<IssueInvoiceInput> = {},
): IssueInvoiceInput {
  return {
    userId,
    reference: null,
    paidAt: new Date('2026-03-14T09:30:00Z'),
    paymentMethod: 'wallet',
    billTo: {
      name: 'Ayşe Yılmaz',
      company: 'Güneş İthalat Ltd. Şti.',
      vatNumber: 'TR1234567890',
      address: 'İstiklal Cd. 12, Beyoğlu, İstanbul',
      countryCode: 'TR',
      email: null,
    },
    lines: [
      {
        title: '无线蓝牙耳机',
        sku: 'BT-EAR-01',
        specs: 'Colour: black',
        unitPriceMinor: 1250,
        quantity: 2,
        amountMinor: 2500,
      },
      {
        title: 'Çiçekli ışıklı kupa',
        sku: 'MUG-ÇŞ-2',
        specs: 'Boyut: büyük',
        unitPriceMinor: 725,
        quantity: 1,
        amountMinor: 725,
      },
    ],
    productCostMinor: 3225,
    shippingMinor: 400,
    taxMinor: 323,
    discountMinor: 100,
    operateAmountMinor: 50,
    handlingFeeMinor: 75,
    payableMinor: 3973,
    locale,
    seller: DEMO_INVOICE_SELLER,
    ...overrides,
  };
}
