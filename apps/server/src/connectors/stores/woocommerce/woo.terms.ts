import { jsonOf } from '../http.js';
import { StorePlatformError } from '../store-platform.js';
import { type WooRequester, errorOf } from './woo.request.js';

/**
 * Product categories and tags by name (decision 0123): WooCommerce assigns terms by id only, so
 * each name is looked up (same name, case and HTML entities aside) and created when the store
 * has none; a create that meets one made meanwhile (`term_exists`) takes the id it names.
 */

interface WooTerm {
  id: number;
  name: string;
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#0?39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim()
    .toLowerCase();

export async function termIds(
  client: WooRequester,
  kind: 'categories' | 'tags',
  names: string[],
  known: Map<string, number> = new Map(),
): Promise<number[]> {
  const ids: number[] = [];
  for (const name of [...new Set(names.map((n) => n.trim()).filter(Boolean))]) {
    // Known to this client already (a batch of listings shares a few categories and tags).
    const cached = known.get(`${kind}:${decode(name)}`);
    if (cached !== undefined) {
      ids.push(cached);
      continue;
    }
    const take = (id: number) => {
      known.set(`${kind}:${decode(name)}`, id);
      ids.push(id);
    };
    const { data } = await client.call<WooTerm[]>('GET', `/products/${kind}`, { search: name, per_page: '100' });
    if (!Array.isArray(data))
      throw new StorePlatformError('woocommerce', 'protocol', `the ${kind} list is not an array`);
    const found = data.find((t) => decode(t.name) === decode(name));
    if (found) {
      take(found.id);
      continue;
    }
    const res = await client.request('POST', `/products/${kind}`, {}, { name });
    if (res.status >= 200 && res.status < 300) {
      take(jsonOf<WooTerm>('woocommerce', res).id);
      continue;
    }
    const body = (() => {
      try {
        return JSON.parse(res.text) as { code?: string; data?: { resource_id?: number } };
      } catch {
        return {};
      }
    })();
    if (body.code === 'term_exists' && typeof body.data?.resource_id === 'number') take(body.data.resource_id);
    else throw errorOf(res);
  }
  return ids;
}
