/**
 * Just enough GraphQL for the Shopify emulator: a parser for operations (variables, aliases,
 * arguments, nested selections, Shopify's `@idempotent(key:)` on a field; no fragments or other
 * directives), an executor over plain objects
 * whose fields are values or functions of their arguments, and Shopify's cost model (objects 1,
 * connections 2 + first × their nodes, scalars 0, mutations 10). Lenient where the reference
 * says nothing; a query it cannot read gets GraphQL errors, as Shopify answers: HTTP 200.
 */

export type GqlValue = string | number | boolean | null | GqlValue[] | { [k: string]: GqlValue } | { $var: string };

export interface Field {
  alias: string;
  name: string;
  args: Record<string, GqlValue>;
  selections: Field[] | null;
  /** `@idempotent(key: …)`: the resolver gets the key as the argument `@idempotent`. */
  directives?: Record<string, Record<string, GqlValue>>;
}

export interface Operation {
  kind: 'query' | 'mutation';
  variables: Record<string, { type: string; default?: GqlValue }>;
  selections: Field[];
}

export class GqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Token = { t: 'punct' | 'name' | 'int' | 'float' | 'string'; v: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/[\s,\uFEFF]/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (src.startsWith('...', i)) throw new GqlError('Fragments are not supported by this emulator', 'PARSE_ERROR');
    if ('{}()[]:$!=@'.includes(c)) {
      out.push({ t: 'punct', v: c });
      i++;
      continue;
    }
    if (c === '"') {
      if (src.startsWith('"""', i)) {
        const end = src.indexOf('"""', i + 3);
        if (end < 0) throw new GqlError('Unterminated block string', 'PARSE_ERROR');
        out.push({ t: 'string', v: src.slice(i + 3, end) });
        i = end + 3;
        continue;
      }
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) throw new GqlError('Unterminated string', 'PARSE_ERROR');
      out.push({ t: 'string', v: JSON.parse(src.slice(i, j + 1)) as string });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: num[1] || num[2] ? 'float' : 'int', v: num[0] });
      i += num[0].length;
      continue;
    }
    const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i));
    if (name) {
      out.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    throw new GqlError(`Unexpected character "${c}"`, 'PARSE_ERROR');
  }
  return out;
}

export function parseOperation(src: string): Operation {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const next = () => {
    const t = toks[p++];
    if (!t) throw new GqlError('Unexpected end of document', 'PARSE_ERROR');
    return t;
  };
  const expect = (v: string) => {
    const t = next();
    if (t.v !== v) throw new GqlError(`Expected "${v}", found "${t.v}"`, 'PARSE_ERROR');
  };
  const isPunct = (v: string) => peek()?.t === 'punct' && peek()?.v === v;

  const value = (constOnly: boolean): GqlValue => {
    const t = next();
    if (t.t === 'punct' && t.v === '$') {
      if (constOnly) throw new GqlError('Variables are not allowed here', 'PARSE_ERROR');
      return { $var: next().v };
    }
    if (t.t === 'punct' && t.v === '[') {
      const list: GqlValue[] = [];
      while (!isPunct(']')) list.push(value(constOnly));
      next();
      return list;
    }
    if (t.t === 'punct' && t.v === '{') {
      const obj: Record<string, GqlValue> = {};
      while (!isPunct('}')) {
        const k = next().v;
        expect(':');
        obj[k] = value(constOnly);
      }
      next();
      return obj;
    }
    if (t.t === 'int' || t.t === 'float') return Number(t.v);
    if (t.t === 'string') return t.v;
    if (t.t === 'name') return t.v === 'true' ? true : t.v === 'false' ? false : t.v === 'null' ? null : t.v; // enums as their names
    throw new GqlError(`Unexpected "${t.v}"`, 'PARSE_ERROR');
  };

  const typeRef = (): string => {
    let s = '';
    if (isPunct('[')) {
      next();
      s = `[${typeRef()}]`;
      expect(']');
    } else s = next().v;
    if (isPunct('!')) {
      next();
      s += '!';
    }
    return s;
  };

  const selectionSet = (): Field[] => {
    expect('{');
    const fields: Field[] = [];
    while (!isPunct('}')) {
      const first = next();
      if (first.t !== 'name') throw new GqlError(`Expected a field, found "${first.v}"`, 'PARSE_ERROR');
      let alias = first.v;
      let name = first.v;
      if (isPunct(':')) {
        next();
        name = next().v;
      }
      const args: Record<string, GqlValue> = {};
      if (isPunct('(')) {
        next();
        while (!isPunct(')')) {
          const k = next().v;
          expect(':');
          args[k] = value(false);
        }
        next();
      }
      const directives: Record<string, Record<string, GqlValue>> = {};
      while (isPunct('@')) {
        next();
        const d = next().v;
        if (d !== 'idempotent') throw new GqlError(`Directive '${d}' is not defined`, 'undefinedDirective');
        const dargs: Record<string, GqlValue> = {};
        if (isPunct('(')) {
          next();
          while (!isPunct(')')) {
            const k = next().v;
            expect(':');
            dargs[k] = value(false);
          }
          next();
        }
        directives[d] = dargs;
      }
      const selections = isPunct('{') ? selectionSet() : null;
      if (alias === name) alias = name;
      fields.push({ alias, name, args, selections, ...(Object.keys(directives).length ? { directives } : {}) });
    }
    next();
    return fields;
  };

  let kind: Operation['kind'] = 'query';
  const variables: Operation['variables'] = {};
  if (peek()?.t === 'name') {
    const k = next().v;
    if (k !== 'query' && k !== 'mutation') throw new GqlError(`Unsupported operation "${k}"`, 'PARSE_ERROR');
    kind = k;
    if (peek()?.t === 'name') next(); // operation name
    if (isPunct('(')) {
      next();
      while (!isPunct(')')) {
        expect('$');
        const name = next().v;
        expect(':');
        const type = typeRef();
        let def: GqlValue | undefined;
        if (isPunct('=')) {
          next();
          def = value(true);
        }
        variables[name] = { type, ...(def !== undefined ? { default: def } : {}) };
      }
      next();
    }
  }
  const selections = selectionSet();
  if (p !== toks.length) throw new GqlError('Only one operation per document is supported', 'PARSE_ERROR');
  return { kind, variables, selections };
}

/** Arguments with variables replaced by their values (a missing non-null variable is an error). */
export function resolveArgs(
  args: Record<string, GqlValue>,
  op: Operation,
  vars: Record<string, unknown>,
): Record<string, unknown> {
  const sub = (v: GqlValue): unknown => {
    if (v && typeof v === 'object' && !Array.isArray(v) && '$var' in v) {
      const name = (v as { $var: string }).$var;
      const decl = op.variables[name];
      if (!decl) throw new GqlError(`Variable $${name} is not defined`, 'undefinedVariable');
      const given = vars[name] ?? decl.default ?? null;
      if (given === null && decl.type.endsWith('!'))
        throw new GqlError(`Variable $${name} of type ${decl.type} was provided invalid value`, 'INVALID_VARIABLE');
      return given;
    }
    if (Array.isArray(v)) return v.map(sub);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sub(x)]));
    return v;
  };
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, sub(v)]));
}

/** A resolvable object: `__typename` for messages, fields as values or functions of their arguments. */
export type Resolvable = { __typename: string; [field: string]: unknown };

export function execute(op: Operation, root: Resolvable, vars: Record<string, unknown>): Record<string, unknown> {
  const run = (fields: Field[], obj: Resolvable): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.name === '__typename') {
        out[f.alias] = obj.__typename;
        continue;
      }
      if (!(f.name in obj))
        throw new GqlError(`Field '${f.name}' doesn't exist on type '${obj.__typename}'`, 'undefinedField');
      const raw = obj[f.name];
      const idempotent = f.directives?.idempotent;
      const args = resolveArgs(f.args, op, vars);
      if (idempotent) args['@idempotent'] = resolveArgs(idempotent, op, vars).key ?? null;
      const value = typeof raw === 'function' ? (raw as (a: Record<string, unknown>) => unknown)(args) : raw;
      out[f.alias] = shape(f, value);
    }
    return out;
  };
  const shape = (f: Field, value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.map((v) => shape(f, v));
    if (typeof value === 'object') {
      if (!f.selections)
        throw new GqlError(
          `Field '${f.name}' of type '${(value as Resolvable).__typename}' must have a selection of subfields`,
          'selectionMismatch',
        );
      return run(f.selections, value as Resolvable);
    }
    if (f.selections)
      throw new GqlError(`Selections can't be made on scalars (field '${f.name}')`, 'selectionMismatch');
    return value;
  };
  return run(op.selections, root);
}

/** The requested cost, before running: what Shopify checks against the bucket. */
export function requestedCost(op: Operation, vars: Record<string, unknown>): number {
  const costOf = (fields: Field[]): number => {
    let sum = 0;
    for (const f of fields) {
      if (!f.selections) continue;
      const first = resolveArgs(f.args, op, vars).first;
      if (typeof first === 'number') {
        const node = f.selections.find((s) => s.name === 'nodes');
        const edge = f.selections.find((s) => s.name === 'edges')?.selections?.find((s) => s.name === 'node');
        const each = Math.max(
          node?.selections ? 1 + costOf(node.selections) : 0,
          edge?.selections ? 1 + costOf(edge.selections) : 0,
        );
        sum += 2 + first * each;
      } else {
        sum += 1 + costOf(f.selections);
      }
    }
    return sum;
  };
  return costOf(op.selections) + (op.kind === 'mutation' ? 10 : 0);
}

/** The actual cost, from what was returned: connections count the nodes they gave. */
export function actualCost(op: Operation, data: Record<string, unknown>): number {
  const costOf = (fields: Field[], obj: Record<string, unknown> | null): number => {
    if (!obj) return 0;
    let sum = 0;
    for (const f of fields) {
      if (!f.selections) continue;
      const v = obj[f.alias] as Record<string, unknown> | Array<Record<string, unknown>> | null;
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        sum += 1;
        continue;
      }
      const nodes = (v.nodes ?? (v.edges as Array<{ node: unknown }> | undefined)?.map((e) => e.node)) as
        | Array<Record<string, unknown>>
        | undefined;
      const nodeSel =
        f.selections.find((s) => s.name === 'nodes')?.selections ??
        f.selections.find((s) => s.name === 'edges')?.selections?.find((s) => s.name === 'node')?.selections;
      if (Array.isArray(nodes) && nodeSel) sum += 2 + nodes.reduce((n, node) => n + 1 + costOf(nodeSel, node), 0);
      else sum += 1 + costOf(f.selections, v);
    }
    return sum;
  };
  return costOf(op.selections, data) + (op.kind === 'mutation' ? 10 : 0);
}
