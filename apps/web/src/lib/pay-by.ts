/**
 * The pay-by times of just-submitted orders (POST /api/p/order/submit answers them; GET
 * /api/p/orders/:id does not carry them), from checkout to /user/paymentorder. Kept in the tab's
 * session storage so a reload of the payment page still shows the countdown.
 */
const KEY = 'orders.payBy';

export function readPayBy(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberPayBy(orders: ReadonlyArray<{ id: string; payBy: string }>) {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ ...readPayBy(), ...Object.fromEntries(orders.map((o) => [o.id, o.payBy])) }),
    );
  } catch {
    // Storage full or disabled: the payment page then shows no countdown.
  }
}
