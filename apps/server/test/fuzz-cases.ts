import { LOCALES } from '@dsm/contract';
import fc from 'fast-check';
import {
  type Hostile,
  RawJson,
  fitting,
  hostileParam,
  hostileValue,
  paramRefused,
  toJson,
  wrongType,
} from './fuzz-values';
import { type ApiRoute, type JsonSchema, fillPath } from './openapi-routes';

/** One request the fuzzer sends, and whether the route's schema certainly refuses it. */
export interface FuzzCase {
  acceptLanguage: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** Sent as Idempotency-Key on writes (routes that create records or move money read it). */
  idempotencyKey?: string;
  /** The schema refuses it: the answer must be a validation error (A00002). */
  refused: boolean;
  /** What was done to the request, for the failure report. */
  notes: string[];
}

/** Accept-Language as browsers send it, for each of the four languages (and nothing at all). */
const ACCEPT_LANGUAGE = fc.oneof(
  fc.constantFrom(...LOCALES),
  fc.constantFrom(
    'zh-CN,zh;q=0.9,en;q=0.8',
    'fr',
    'fr-CA,fr;q=0.9',
    'tr',
    'tr-TR;q=0.8,en;q=0.1',
    'en-GB,en;q=0.9',
    '',
  ),
);

interface Slot {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Places in a body a mutation can hit: properties, and the first item of arrays, a few levels down. */
function slotsOf(schema: JsonSchema, path: (string | number)[] = [], out: Slot[] = []): Slot[] {
  if (path.length > 3) return out;
  if (schema.type === 'object' && schema.properties) {
    for (const [key, child] of Object.entries(schema.properties)) {
      out.push({ path: [...path, key], schema: child });
      slotsOf(child, [...path, key], out);
    }
  } else if (schema.type === 'array' && schema.items) {
    out.push({ path: [...path, 0], schema: schema.items });
    slotsOf(schema.items, [...path, 0], out);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container = (
    typeof head === 'number'
      ? Array.isArray(root)
        ? [...root]
        : []
      : root && typeof root === 'object' && !Array.isArray(root) && !(root instanceof RawJson)
        ? { ...root }
        : {}
  ) as Record<string | number, unknown>;
  container[head!] = setAt(container[head!], rest, value);
  return container;
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  if (!root || typeof root !== 'object') return root;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<string | number, unknown>;
  if (rest.length === 0) delete copy[head!];
  else copy[head!] = deleteAt(copy[head!], rest);
  return copy;
}

/** A body: one that fits with up to two hostile fields, a hostile whole body, a missing field, or no JSON at all. */
function bodyCase(
  schema: JsonSchema,
): fc.Arbitrary<{ payload?: string; contentType?: string; refused: boolean; notes: string[] }> {
  const slots = slotsOf(schema);
  const requiredTop = schema.required ?? [];
  const json = (value: unknown, refused: boolean, notes: string[]) => ({
    payload: toJson(value),
    contentType: 'application/json',
    refused,
    notes,
  });
  const options: Array<{ arbitrary: fc.Arbitrary<ReturnType<typeof json>>; weight: number }> = [
    { arbitrary: fitting(schema).map((v) => json(v, false, ['fitting body'])), weight: 2 },
    {
      arbitrary: hostileValue(schema).map((h) =>
        json(h.value, h.refused || wrongType(schema, h.value), [`body = ${h.what}`]),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(
        { payload: '{"a":', contentType: 'application/json', refused: true, notes: ['malformed JSON'] },
        { payload: '{"a":1,"a":2}', contentType: 'application/json', refused: false, notes: ['duplicate key'] },
        { payload: 'hello', contentType: 'text/plain', refused: true, notes: ['text/plain body'] },
        {
          payload: 'a=1&__proto__[x]=1',
          contentType: 'application/x-www-form-urlencoded',
          refused: true,
          notes: ['form body'],
        },
        { payload: '\u0000', contentType: 'application/json', refused: true, notes: ['NUL body'] },
        {
          payload: '{"__proto__":{"polluted":"yes"}}',
          contentType: 'application/json',
          refused: true,
          notes: ['__proto__ body'],
        },
      ),
      weight: 1,
    },
  ];
  if (slots.length) {
    const mutation = fc.tuple(fc.nat({ max: slots.length - 1 }), fc.nat({ max: 1_000 }));
    options.push({
      arbitrary: fc.tuple(fitting(schema), fc.array(mutation, { minLength: 1, maxLength: 2 })).chain(([value, picks]) =>
        fc
          .tuple(...picks.map(([i]) => hostileValue(slots[i]!.schema).map((h): [Slot, Hostile] => [slots[i]!, h])))
          .map((hits) => {
            let body = value;
            let refused = false;
            const notes: string[] = [];
            // A later hit on the same place, or above or below it, replaces an earlier one.
            const related = (a: Slot, b: Slot) =>
              a.path.slice(0, b.path.length).join('.') === b.path.slice(0, a.path.length).join('.');
            const kept = hits.filter(([slot], i) => !hits.slice(i + 1).some(([later]) => related(slot, later)));
            for (const [slot, h] of kept) {
              body = setAt(body, slot.path, h.value);
              refused ||= h.refused;
              notes.push(`${slot.path.join('.')} = ${h.what}`);
            }
            return json(body, refused, notes);
          }),
      ),
      weight: 4,
    });
  }
  if (requiredTop.length) {
    options.push({
      arbitrary: fc
        .tuple(fitting(schema), fc.constantFrom(...requiredTop))
        .map(([value, key]) => json(deleteAt(value, [key]), true, [`without ${key}`])),
      weight: 1,
    });
  }
  return fc.oneof(...options);
}

/** Percent-encoded; a lone surrogate (which a URL cannot carry) becomes U+FFFD. */
const encodeParam = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** A parameter's text: one that fits, or a hostile one (already percent-encoded). */
function paramCase(
  schema: JsonSchema,
  where: 'path' | 'query',
  known: string[],
): fc.Arbitrary<{ raw: string; refused: boolean; note?: string }> {
  const ids =
    where === 'path' && schema.type === 'string' ? known.filter((id) => id.length <= (schema.maxLength ?? 64)) : [];
  return fc.oneof(
    // Ids earlier answers handed out, so a hostile body reaches a row that exists.
    ...(ids.length
      ? [
          {
            arbitrary: fc
              .constantFrom(...ids)
              .map((id) => ({ raw: encodeParam(id), refused: false, note: 'known id' })),
            weight: 2,
          },
        ]
      : []),
    { arbitrary: fitting(schema).map((v) => ({ raw: encodeParam(String(v)), refused: false })), weight: 2 },
    {
      // A bad %-escape in the path is refused by the router (bad-url); the query parser keeps it as text.
      arbitrary: hostileParam.map((h) => ({
        raw: h.raw,
        refused: paramRefused(schema, h.text) || (where === 'path' && h.text === undefined),
        note: h.what,
      })),
      weight: 1,
    },
  );
}

/**
 * Every request the fuzzer may send to a route, built from its OpenAPI entry; `knownIds` are ids
 * that earlier answers carried (string path parameters draw from them too).
 */
export function casesFor(route: ApiRoute, knownIds: string[] = []): fc.Arbitrary<FuzzCase> {
  const pathParams = route.params.filter((p) => p.in === 'path');
  const queryParams = route.params.filter((p) => p.in === 'query');
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, paramCase(p.schema, 'path', knownIds)])));
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, paramCase(p.schema, 'query', knownIds)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const extraQuery = fc.constantFrom(
    '',
    '',
    '',
    '__proto__=x',
    'constructor[prototype][polluted]=yes',
    'current=1&current=2',
    'size=-1',
    'a=%00',
  );
  const body = route.body
    ? bodyCase(route.body)
    : route.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(
          fc.constant({
            payload: '{"unexpected":true}',
            contentType: 'application/json',
            refused: false,
            notes: ['body on a bodiless route'],
          }),
        );
  // Mostly none; sometimes a fresh key, one too long, blank, or with characters outside visible ASCII.
  const idempotencyKey =
    route.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(fc.oneof(fc.uuid(), fc.constantFrom('k'.repeat(201), ' ', 'clé', 'a b', '"\'<>')), { freq: 3 });
  return fc
    .record({ lang: ACCEPT_LANGUAGE, path, query, extraQuery, body, key: idempotencyKey })
    .map(({ lang, path: p, query: q, extraQuery: extra, body: b, key }) => {
      const notes: string[] = [];
      let refused = false;
      const pathValues: Record<string, string> = {};
      for (const [name, v] of Object.entries(p)) {
        // An empty segment, `.` or `..` routes elsewhere (or nowhere): not this route's case.
        pathValues[name] = v.raw === '' ? '%20' : /^\.{1,2}$/.test(v.raw) ? `x${v.raw}` : v.raw;
        refused ||= v.refused;
        if (v.note) notes.push(`path ${name} = ${v.note}`);
      }
      const pairs: string[] = [];
      for (const [name, v] of Object.entries(q)) {
        if (!v) continue;
        pairs.push(`${encodeURIComponent(name)}=${v.raw}`);
        refused ||= v.refused;
        if (v.note) notes.push(`query ${name} = ${v.note}`);
      }
      if (extra) {
        pairs.push(extra);
        notes.push(`query + ${extra}`);
        // NUL anywhere in the query is refused by the validator, whatever the parameter.
        if (extra.includes('%00') && queryParams.length) refused = true;
      }
      if (b) {
        refused ||= b.refused;
        notes.push(...b.notes);
      }
      const url = fillPath(route.path, pathValues) + (pairs.length ? `?${pairs.join('&')}` : '');
      if (key !== undefined && key !== null) notes.push(`Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`);
      return {
        acceptLanguage: lang,
        url,
        payload: b?.payload,
        contentType: b?.contentType,
        idempotencyKey: key ?? undefined,
        refused,
        notes,
      };
    });
}
