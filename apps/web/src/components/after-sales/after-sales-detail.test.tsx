import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AfterSales } from '@dsm/contract';
import { renderAt } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { loadNamespace } from '../../lib/i18n';
import { AfterSalesDetail } from './after-sales-detail';

beforeAll(async () => {
  await loadNamespace('after-sales');
});
afterEach(() => vi.unstubAllGlobals());

const REQUEST: AfterSales = {
  id: '11111111-1111-4111-8111-111111111111',
  number: 'AS00000042',
  orderId: 'o-1',
  orderNumber: 'O00000007',
  orderTotal: 49.99,
  kind: 'reshipment',
  state: 'requested',
  reason: 'Arrived broken',
  amount: null,
  refunded: null,
  images: [],
  // Bought in 中文, read in English (decision 0111): the chair has both names, the box one.
  lines: [
    { lineId: 'l-1', quantity: 1, title: 'Light folding chair', orderedTitle: '轻便折叠椅' },
    { lineId: 'l-2', quantity: 2, title: '神秘盒子' },
  ],
  rejectReason: null,
  carrier: null,
  trackingNumber: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  closedAt: null,
  events: [],
};

describe('after-sales detail: the lines concerned', () => {
  it('names each line in the reader’s language, with the name as ordered in brackets when it differs', async () => {
    fakeApi();
    renderAt(<AfterSalesDetail request={REQUEST} />);
    expect(await screen.findByText('Light folding chair (轻便折叠椅) × 1, 神秘盒子 × 2')).toBeInTheDocument();
  });
});
