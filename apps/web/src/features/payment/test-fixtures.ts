import { DEFAULT_FEE_RULES, type RechargeMethods, type RechargeOrder } from '@dsm/contract';

/** GET /api/p/recharge/methods as the server answers it with the defaults (sandbox). */
export const METHODS: RechargeMethods = {
  methods: [
    { method: 'paypal', enabled: true, rule: DEFAULT_FEE_RULES.paypal },
    { method: 'card', enabled: true, rule: DEFAULT_FEE_RULES.card },
    { method: 'bank', enabled: true, rule: DEFAULT_FEE_RULES.bank },
  ],
  minAmount: 10,
  maxAmount: 50_000,
  bank: {
    beneficiary: 'DSM Trading Ltd',
    bankName: 'Example Bank',
    bankAddress: '1 Bank Street, London',
    accountNumber: '12345678',
    iban: 'GB33BUKB20201555555555',
    swiftBic: 'BUKBGB22',
  },
  sandbox: true,
  expiresAfterMinutes: 1440,
};

export const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';

export function order(over: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    id: ORDER_ID,
    number: 'R20261124-000123',
    method: 'bank',
    state: 'awaiting-payment',
    amount: 100,
    fee: 0,
    total: 100,
    currency: 'USD',
    createdAt: '2026-11-24T10:00:00.000Z',
    expiresAt: '2026-11-25T10:00:00.000Z',
    paidAt: null,
    completedAt: null,
    closedAt: null,
    closeReason: null,
    note: '',
    slip: null,
    ...over,
  };
}

/** The headers a fetch call was made with. */
export const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;
