/** A message catalogue as written: nested sections of strings. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/**
 * `{a: {b: 'x'}}` → `a.b → x`: the keys the parity tests compare across languages (the server's
 * catalogues here and the web app's).
 */
export function flattenCatalogue(tree: CatalogueTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object')
      for (const [k, v] of flattenCatalogue(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

/** The `{{name}}` placeholders of a message, sorted: a translation must keep English's. */
export const placeholdersOf = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
