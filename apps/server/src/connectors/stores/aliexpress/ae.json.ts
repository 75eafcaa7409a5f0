/**
 * AliExpress writes its ids (orders, child orders, products, SKUs) as JSON numbers, and an order's
 * id can be above 2^53: `JSON.parse` turns such a number into the nearest double, so the id loses
 * its last digits (and two child orders of one order can come out the same). Node 20 has no
 * reviver access to a number's source text, so the text is rewritten first: every integer too
 * large to be exact as a double is put in quotes and arrives as a string of its digits. Nothing
 * else changes: the connector reads every id through a helper that takes a string or a number.
 */

/** A JSON string (skipped whole, escapes included), or a number outside of strings. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Whether a JSON number's text is an integer a double cannot hold exactly. */
const isBigInteger = (text: string) => /^-?\d+$/.test(text) && !Number.isSafeInteger(Number(text));

/** `JSON.parse`, with integers beyond ±(2^53 − 1) read as strings of their digits. */
export function parseAeJson(text: string): unknown {
  return JSON.parse(text.replace(TOKEN, (token) => (token[0] !== '"' && isBigInteger(token) ? `"${token}"` : token)));
}

/**
 * A JSON object for a request parameter whose id fields are written as numbers, as the API asks,
 * with all their digits: `JSON.stringify` of `Number(id)` rounds an id above 2^53.
 */
export function aeJsonWithIds(ids: Record<string, string>, rest: Record<string, unknown> = {}): string {
  const written = Object.entries(ids).map(([name, digits]) => {
    if (!/^\d{1,20}$/.test(digits)) throw new Error(`${name} is not an id: ${digits}`);
    return `${JSON.stringify(name)}:${digits.replace(/^0+(?=\d)/, '')}`;
  });
  const others = JSON.stringify(rest).slice(1, -1);
  return `{${[...written, ...(others ? [others] : [])].join(',')}}`;
}
