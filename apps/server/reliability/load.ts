import { SaveProductBody } from '@dsm/contract';
import { address } from '../test/factories';
import { OPERATOR_PASSWORD, call } from './server-process';

/** A buyer with addresses and wallet money and a product with plenty of stock, made over HTTP. */
export interface Shop {
  buyer: { token: string; userId: string };
  line: { prodId: number; skuId: number };
}

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

async function logIn(base: string, email: string, password: string) {
  const res = await call(base, 'POST', '/api/login', { email, password });
  if (res.status !== 200) throw new Error(`log-in of ${email} failed: ${res.text}`);
  return { token: res.json!.data.accessToken as string, userId: res.json!.data.userId as string };
}

async function expectOk(what: string, res: Awaited<ReturnType<typeof call>>) {
  if (res.status !== 200 || res.json?.code !== '00000') throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.json.data;
}

export async function prepareShop(base: string): Promise<Shop> {
  const operator = await logIn(base, 'operator@example.com', OPERATOR_PASSWORD);
  const categories = await expectOk(
    'categories',
    await call(base, 'GET', '/api/admin/catalogue/categories', undefined, bearer(operator.token)),
  );
  const product = SaveProductBody.parse({
    categoryId: (categories as Array<{ categoryId: number }>)[0]!.categoryId,
    attribute: 'general',
    warehouse: 'CN',
    translations: { 'en-US': { title: 'Crash lamp', brief: '', description: '' } },
    skus: [
      {
        skuCode: 'CRASH-1',
        price: 19.99,
        oriPrice: 25,
        stocks: 1_000_000,
        weight: 0.4,
        length: 20,
        width: 15,
        height: 10,
      },
    ],
  });
  const created = await expectOk(
    'product',
    await call(base, 'POST', '/api/admin/catalogue/products', product, bearer(operator.token)),
  );
  const buyer = await logIn(base, 'demo@example.com', 'demo12345');
  for (const kind of ['consignee', 'billing']) {
    await expectOk(
      `${kind} address`,
      await call(
        base,
        'POST',
        '/api/p/address',
        address(kind, kind === 'consignee' ? 'FR' : 'GB'),
        bearer(buyer.token),
      ),
    );
  }
  const topUp = { amount: 900_000, reason: 'reliability suite' };
  await expectOk(
    'top-up',
    await call(
      base,
      'POST',
      `/api/admin/wallets/${buyer.userId}/adjustments`,
      topUp,
      bearer(operator.token, { 'idempotency-key': crypto.randomUUID() }),
    ),
  );
  return { buyer, line: { prodId: created.prodId, skuId: created.skus[0].skuId } };
}

/** What the server answered with success: these must survive any crash. */
export interface Acknowledged {
  orders: Set<string>;
  paid: Set<string>;
}

export interface LoadRun {
  /** Requests answered, by status. */
  answers: Map<number, number>;
  /** Answers that were not the envelope (there must be none). */
  notEnvelope: string[];
  /** Requests that got no answer: refused connection or cut off (the server went away). */
  unanswered: number;
  /** Of those, the ones sent before `signalled()` was called: in flight when the signal came. */
  unansweredInFlight: number;
  /** Call right before signalling the server. */
  signalled(): void;
  done: Promise<void>;
  stop(): void;
}

/**
 * `workers` loops of buy-now (confirm, submit with an Idempotency-Key) then wallet pay, until stopped
 * or until the server stops answering. Every success goes into `acked`.
 */
export function writeLoad(base: string, shop: Shop, acked: Acknowledged, workers = 6): LoadRun {
  let stopped = false;
  let signalAt = Infinity;
  const run: LoadRun = {
    answers: new Map(),
    notEnvelope: [],
    unanswered: 0,
    unansweredInFlight: 0,
    signalled: () => (signalAt = Date.now()),
    done: Promise.resolve(),
    stop: () => (stopped = true),
  };
  const answered = (res: Awaited<ReturnType<typeof call>>) => {
    run.answers.set(res.status, (run.answers.get(res.status) ?? 0) + 1);
    if (typeof res.json?.code !== 'string' || typeof res.json.msg !== 'string')
      run.notEnvelope.push(`${res.status} ${res.text.slice(0, 200)}`);
    return res.status === 200 && res.json?.code === '00000' ? res.json.data : undefined;
  };
  const headers = () => bearer(shop.buyer.token, { 'idempotency-key': crypto.randomUUID() });
  const worker = async () => {
    while (!stopped) {
      let sent = 0;
      const send = (...args: Parameters<typeof call>) => {
        sent = Date.now();
        return call(...args);
      };
      try {
        const confirmed = answered(
          await send(base, 'POST', '/api/p/order/prod/confirm', { ...shop.line, count: 1 }, bearer(shop.buyer.token)),
        );
        // Refused (the database is down, say): try again shortly rather than in a tight loop.
        if (!confirmed) await new Promise((r) => setTimeout(r, 25));
        if (!confirmed) continue;
        const submitted = answered(
          await send(base, 'POST', '/api/p/order/submit', { confirmToken: confirmed.confirmToken }, headers()),
        );
        const orderId = submitted?.orders?.[0]?.id as string | undefined;
        if (!orderId) continue;
        acked.orders.add(orderId);
        const paid = answered(
          await send(base, 'POST', '/api/p/order/pay', { orderIds: [orderId], method: 'wallet' }, headers()),
        );
        if (paid?.outcome === 'success') acked.paid.add(orderId);
      } catch {
        // No answer: the server is gone or going. This loop ends; what it did not hear about may or may not be stored.
        run.unanswered++;
        if (sent < signalAt) run.unansweredInFlight++;
        return;
      }
    }
  };
  run.done = Promise.all(Array.from({ length: workers }, worker)).then(() => undefined);
  return run;
}
