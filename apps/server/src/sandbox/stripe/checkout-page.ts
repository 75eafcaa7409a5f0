import type { ServerResponse } from 'node:http';
import { escapeHtml } from './protocol';
import type { EmulatedSession } from './sessions';

/**
 * The emulator's stand-in for Stripe's hosted payment page. It is the provider's page, not ours,
 * so like Stripe's sandbox it speaks English and says plainly that no money moves.
 */
export function checkoutPage(res: ServerResponse, s: EmulatedSession): void {
  const amount = `${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}`;
  html(
    res,
    200,
    `<h1>Stripe emulator: test payment</h1>
<p>Sandbox: no card is charged. Pay <strong>${escapeHtml(amount)}</strong>.</p>
<form method="post" action="/c/pay/${escapeHtml(s.id)}">
  <label>Card number <input name="card_number" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242"></label>
  <button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
<p>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.</p>
<form method="post" action="/c/pay/${escapeHtml(s.id)}"><input type="hidden" name="method" value="delayed"><button type="submit">Pay by bank debit (settles later)</button></form>
<p><a href="/c/cancel/${escapeHtml(s.id)}">Cancel and go back</a></p>`,
  );
}

/** An outcome page; a decline keeps the session open so the payer can try another card. */
export function resultPage(res: ServerResponse, status: number, message: string, declineCode?: string): void {
  html(
    res,
    status,
    `<h1>${escapeHtml(message)}</h1>${declineCode ? `<p data-decline-code="${escapeHtml(declineCode)}">Decline code: ${escapeHtml(declineCode)}</p>` : ''}<p><a href="javascript:history.back()">Try again</a></p>`,
  );
}

function html(res: ServerResponse, status: number, body: string): void {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe emulator</title></head><body>${body}</body></html>`;
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) })
    .end(page);
}
