import fc from 'fast-check';
import type { JsonSchema } from './openapi-routes';

/**
 * Values for the route fuzzer, derived from a request part's JSON Schema: `fitting` builds a value
 * the schema accepts (so a request gets past validation into the handler), `hostile` one that is
 * meant to hurt — each with a flag saying whether the schema certainly refuses it, which is when
 * the answer must be a validation error (A00002) rather than any client error.
 */

/** Raw JSON text placed as is in a body: numbers JSON.stringify cannot write, very deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const HUGE = 'x'.repeat(100_000);
/** Text that has broken parsers, databases and pages before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200f\u200e\u061c',
  'مرحبا بالعالم',
  '😀👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\ud800',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); delete from products; --",
  '%27%20or%201=1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1f',
  'true',
  'null',
  'undefined',
  '\r\n\r\nX-Injected: 1',
  'İıŞşĞğ',
  HUGE,
];

/** Numbers around every boundary a money or count field has. */
export const NASTY_NUMBERS: unknown[] = [
  0,
  -1,
  -0.01,
  0.001,
  0.5,
  1.005,
  -2147483649,
  2147483648,
  9007199254740991,
  -9007199254740991,
  1e21,
  -1e21,
  1.7976931348623157e308,
  5e-324,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('-0'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('0.1000000000000000055511151231257827'),
];

/** Nested arrays or objects, up to far deeper than any schema allows. */
function deep(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array'
    ? new RawJson('['.repeat(depth) + ']'.repeat(depth))
    : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

const pollutedObjects: unknown[] = [
  new RawJson('{"__proto__":{"polluted":"yes","role":"operator"}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  { toString: 'x', valueOf: 'y', hasOwnProperty: 'z' },
];

/** The value's JSON type as a schema names it (null for null, integer counts as number). */
function jsonType(value: unknown): string {
  if (value instanceof RawJson) {
    const t = value.text.trimStart()[0];
    return t === '[' ? 'array' : t === '{' ? 'object' : t === '"' ? 'string' : 'number';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function typesOf(schema: JsonSchema): Set<string> | undefined {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const all = new Set<string>();
    for (const alt of alternatives) {
      const t = typesOf(alt);
      if (!t) return undefined;
      t.forEach((x) => all.add(x));
    }
    if (schema.nullable) all.add('null');
    return all;
  }
  if (!schema.type) return undefined;
  const types = new Set([schema.type === 'integer' ? 'number' : schema.type]);
  if (schema.nullable) types.add('null');
  return types;
}

/** True when the schema certainly refuses the value by its JSON type alone. */
export function wrongType(schema: JsonSchema, value: unknown): boolean {
  const types = typesOf(schema);
  return types !== undefined && !types.has(jsonType(value));
}

export interface Hostile {
  value: unknown;
  /** The schema certainly refuses it (as a JSON body value). */
  refused: boolean;
  what: string;
}

/** A hostile value for a body field with this schema. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<Hostile> {
  const judged = (what: string) => (value: unknown) => ({
    value,
    refused: wrongType(schema, value) || outOfBounds(schema, value),
    what,
  });
  const options: fc.Arbitrary<Hostile>[] = [
    fc.constantFrom(...NASTY_STRINGS).map(judged('string')),
    fc.constantFrom(...NASTY_NUMBERS).map(judged('number')),
    fc.constantFrom<unknown>(true, false, null, [], {}, [1, 'a', null]).map(judged('type')),
    fc
      .constantFrom(deep(64, 'array'), deep(64, 'object'), deep(5_000, 'array'), deep(100_000, 'object'))
      .map(judged('deep')),
    fc.constantFrom(...pollutedObjects).map(judged('prototype')),
  ];
  if (schema.maxLength !== undefined) {
    options.push(
      fc.constant({
        value: 'y'.repeat(schema.maxLength + 1),
        refused: !!typesOf(schema) && typesOf(schema)!.size === 1,
        what: 'maxLength+1',
      }),
    );
  }
  if (schema.enum)
    options.push(
      fc.constant({
        value: `${String(schema.enum[0])}-not`,
        refused: typesOf(schema)?.size === 1,
        what: 'not in enum',
      }),
    );
  return fc.oneof(...options);
}

/** True when a number or string is certainly outside the schema's bounds. */
function outOfBounds(schema: JsonSchema, value: unknown): boolean {
  if (value instanceof RawJson) {
    // 1e400 parses to Infinity, which no number schema accepts.
    return (schema.type === 'number' || schema.type === 'integer') && /^-?1e400$/.test(value.text);
  }
  if (typeof value === 'number' && (schema.type === 'number' || schema.type === 'integer')) {
    if (schema.type === 'integer' && !Number.isInteger(value)) return true;
    if (
      schema.minimum !== undefined &&
      (value < schema.minimum || (schema.exclusiveMinimum === true && value === schema.minimum))
    )
      return true;
    if (
      schema.maximum !== undefined &&
      (value > schema.maximum || (schema.exclusiveMaximum === true && value === schema.maximum))
    )
      return true;
    return false;
  }
  if (typeof value === 'string' && schema.type === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return true;
    if (schema.enum && !schema.enum.includes(value)) return true;
  }
  return false;
}

/** A value the schema accepts (as far as this generator knows the schema's rules). */
export function fitting(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const base = fittingNonNull(schema, depth);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function fittingNonNull(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alt) => fitting(alt, depth)));
  if (schema.allOf?.length) return fitting(schema.allOf[0]!, depth);
  switch (schema.type) {
    case 'string':
      return fittingString(schema);
    case 'integer':
    case 'number':
      return fittingNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.max(min, Math.min(schema.maxItems ?? 3, 3));
      return depth > 4
        ? fc.constant([])
        : fc.array(fitting(schema.items ?? {}, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fitting(s, depth + 1)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
      // A map (e.g. translations by language) has no properties but a schema for its values.
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(
          fc.constantFrom('en-US', 'zh-CN', 'fr-FR', 'tr-TR', 'x'),
          fitting(schema.additionalProperties, depth + 1),
          { maxKeys: 3 },
        );
      }
      return record;
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null));
  }
}

function fittingString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'email') return fc.integer({ min: 1, max: 1e6 }).map((n) => `fuzz${n}@example.com`);
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern JavaScript cannot read: fall through to plain text.
    }
  }
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        ...NASTY_STRINGS.filter((s) => s.length >= min && s.length <= max && !s.includes('\u0000')),
      ),
      weight: 2,
    },
  );
}

function fittingNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const lowExclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  const highExclusive = schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';
  let min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : (schema.minimum ?? -1e6);
  let max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : (schema.maximum ?? 1e9);
  if (schema.type === 'integer' || schema.multipleOf === 1) {
    min = Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(min) + (lowExclusive ? 1 : 0));
    max = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(max) - (highExclusive ? 1 : 0));
    if (max < min) return fc.constant(min);
    // Mostly small values (ids and counts that exist), sometimes the whole range up to its edges.
    return fc.oneof(
      { arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }), weight: 3 },
      { arbitrary: fc.constantFrom(min, max), weight: 1 },
      { arbitrary: fc.integer({ min: Math.max(min, -2147483648), max: Math.min(max, 2147483647) }), weight: 1 },
    );
  }
  // Money: cents, so two decimals at most (multipleOf 0.01 where the schema says so).
  const cents = fc.integer({
    min: Math.ceil(min * 100) + (lowExclusive ? 1 : 0),
    max: Math.floor(Math.min(max, 1e12) * 100) - (highExclusive ? 1 : 0),
  });
  return fc.oneof(
    cents.map((c) => c / 100),
    fc
      .constantFrom(Math.max(min, 0.01), Math.min(max, 1e7))
      .filter((v) => v >= min && v <= max && (!lowExclusive || v > min)),
  );
}

/** A hostile text for a path or query parameter, already percent-encoded for the URL. */
export const hostileParam: fc.Arbitrary<{ raw: string; text?: string; what: string }> = fc.oneof(
  fc
    .constantFrom(...NASTY_STRINGS.filter((s) => !s.includes('\ud800')))
    .map((text) => ({ raw: encodeURIComponent(text), text, what: 'string' })),
  fc.constantFrom('%c0%af', '%', '%zz', '%ff%fe', '%ed%a0%80').map((raw) => ({ raw, what: 'bad-encoding' })),
  fc
    .constantFrom('-1', '0', '1.5', '1e400', '99999999999999999999', 'abc', '[]', '{}')
    .map((text) => ({ raw: encodeURIComponent(text), text, what: 'number-ish' })),
);

/** True when a query or path parameter schema certainly refuses this text. */
export function paramRefused(schema: JsonSchema, text: string | undefined): boolean {
  if (text === undefined) return false; // a bad %-escape: the framework refuses it, checked separately
  if (text.includes('\u0000')) return true;
  if (schema.type === 'integer' || schema.type === 'number') {
    if (text.trim() === '') return false; // coercion turns '' into 0 on some schemas
    const n = Number(text);
    if (!Number.isFinite(n)) return true;
    return outOfBounds(schema, n);
  }
  if (schema.type === 'string') return outOfBounds(schema, text);
  return false;
}
