import { EmulatedError, type Params, stripeId } from './protocol';

/** The fields of Stripe's Checkout Session object that the emulator keeps and answers with. */
export interface EmulatedSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

function missing(param: string): EmulatedError {
  return new EmulatedError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
}

function invalid(param: string, message: string, code = 'parameter_invalid_integer'): EmulatedError {
  return new EmulatedError(400, { type: 'invalid_request_error', code, param, message });
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Validates the create parameters as Stripe documents them; only `mode=payment` with price_data. */
export function createSession(p: Params, baseUrl: string): EmulatedSession {
  if (!p.mode) throw missing('mode');
  if (p.mode !== 'payment')
    throw invalid('mode', 'The emulator supports mode=payment only.', 'parameter_invalid_string');
  const success = text(p.success_url);
  if (!success) throw missing('success_url');
  const items = p.line_items;
  if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
  let total = 0;
  let currency = '';
  items.forEach((raw, i) => {
    const item = typeof raw === 'object' ? (raw as Params) : {};
    const pd = item.price_data as Params | undefined;
    if (!pd) throw missing(`line_items[${i}][price_data]`);
    const qty = item.quantity === undefined ? NaN : Number(item.quantity);
    if (!Number.isInteger(qty) || qty < 1) throw invalid(`line_items[${i}][quantity]`, 'Invalid positive integer');
    const cur = text(pd.currency)?.toLowerCase();
    if (!cur || !/^[a-z]{3}$/.test(cur)) throw missing(`line_items[${i}][price_data][currency]`);
    if (currency && cur !== currency)
      throw invalid(
        `line_items[${i}][price_data][currency]`,
        'All line items must share one currency.',
        'parameter_invalid_string',
      );
    currency = cur;
    const unit = text(pd.unit_amount);
    if (unit === undefined || !/^\d+$/.test(unit))
      throw invalid(
        `line_items[${i}][price_data][unit_amount]`,
        'Invalid integer: unit_amount must be whole minor units',
      );
    const name = text((pd.product_data as Params | undefined)?.name);
    if (!name) throw missing(`line_items[${i}][price_data][product_data][name]`);
    total += Number(unit) * qty;
  });
  // Stripe's minimum charge for USD is $0.50.
  if (currency === 'usd' && total < 50) {
    throw invalid(
      'line_items',
      "The Checkout Session's total amount due must add up to at least $0.50 usd",
      'amount_too_small',
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = p.expires_at === undefined ? now + 24 * 3600 : Number(p.expires_at);
  if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) {
    throw invalid(
      'expires_at',
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'parameter_invalid_integer',
    );
  }
  const metadata: Record<string, string> = {};
  if (p.metadata && typeof p.metadata === 'object' && !Array.isArray(p.metadata)) {
    for (const [k, v] of Object.entries(p.metadata)) if (typeof v === 'string') metadata[k] = v;
  }
  const id = stripeId('cs');
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: text(p.cancel_url) ?? null,
    client_reference_id: text(p.client_reference_id) ?? null,
    created: now,
    currency,
    customer_email: text(p.customer_email) ?? null,
    expires_at: expiresAt,
    livemode: false,
    metadata,
    mode: 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: success,
    url: `${baseUrl}/c/pay/${id}`,
  };
}

export function expireSession(s: EmulatedSession): void {
  if (s.status !== 'open') {
    throw new EmulatedError(400, {
      type: 'invalid_request_error',
      message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
    });
  }
  s.status = 'expired';
  s.url = null;
}
