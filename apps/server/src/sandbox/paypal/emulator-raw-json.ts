/**
 * The exact source text of one member of a top-level JSON object, or undefined. The emulator
 * checks a webhook's CRC32 over the bytes the caller sent, as PayPal does, so it must not
 * re-serialise them. `text` must already have passed JSON.parse.
 */
export function rawJsonMember(text: string, key: string): string | undefined {
  let depth = 0;
  let i = 0;
  let memberKey: string | undefined;
  let valueStart = -1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const s = text.slice(i, j + 1);
      // A string at depth 1 followed by ':' is a member name of the top-level object.
      if (depth === 1 && valueStart < 0 && /^\s*:/.test(text.slice(j + 1))) memberKey = JSON.parse(s) as string;
      i = j + 1;
      continue;
    }
    if (ch === ':' && depth === 1 && valueStart < 0 && memberKey === key) {
      valueStart = i + 1;
    } else if (ch === '{' || ch === '[') {
      depth++;
    } else if (ch === '}' || ch === ']' || ch === ',') {
      if ((ch === ',' && depth === 1) || ((ch === '}' || ch === ']') && depth === 1)) {
        if (valueStart >= 0) return text.slice(valueStart, i).trim();
        memberKey = undefined;
      }
      if (ch !== ',') depth--;
    }
    i++;
  }
  return undefined;
}
