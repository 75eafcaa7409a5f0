import { describe, expect, it } from 'vitest';
import { dropAnswerSchemas, pureContractValues } from '../../vite-plugins';

type Transform = (code: string, id: string) => { code: string } | null;
const transformOf = (plugin: { transform?: unknown }) => plugin.transform as Transform;

describe('the production build leaves unused schemas out (decision 0109)', () => {
  const drop = transformOf(dropAnswerSchemas());
  const pure = transformOf(pureContractValues());

  it('an API call loses its answer schema; a form keeps the schema it validates with', () => {
    const code = [
      "api.data('/prod/prodInfo', { signal, noshow: true, schema: ProductDetailSchema });",
      'api.put(path, body, {\n  schema: ProductPriceTiersSchema,\n});',
      'const form = useSchemaForm(RegisterBody, EMPTY);',
      'cached = { key, schema: withdrawalRequestBody(sanctioned) };',
      'interface X { schema: AnswerSchema<T> | undefined; }',
    ].join('\n');
    const out = drop(code, '/repo/apps/web/src/features/catalogue/catalogue.api.ts')!.code;
    expect(out).toContain('noshow: true, schema: undefined });');
    expect(out).toContain('schema: undefined,\n});');
    expect(out).toContain('useSchemaForm(RegisterBody, EMPTY)');
    expect(out).toContain('schema: withdrawalRequestBody(sanctioned)');
    expect(out).toContain('schema: AnswerSchema<T> | undefined');
    expect(drop(code, '/repo/packages/contract/src/catalogue.ts')).toBeNull();
  });

  it('a contract value built by calls is wrapped, the same value; plain data and functions are not', () => {
    const code = [
      "import { z } from 'zod';",
      'export const MAX = 5;',
      'export const LineSchema = z.object({ id: z.number() }).strict();',
      'export const Body = LineSchema.extend({ note: z.string().optional() });',
      "export const KINDS = ['a', 'b'] as const;",
      'export function total(n: number) { return n * MAX; }',
      'export type Line = z.infer<typeof LineSchema>;',
    ].join('\n');
    const out = pure(code, '/repo/packages/contract/src/orders.ts')!.code;
    expect(out).toContain('export const MAX = 5;');
    expect(out).toContain(
      'export const LineSchema = /* @__PURE__ */ (() => (z.object({ id: z.number() }).strict()))();',
    );
    expect(out).toContain(
      'export const Body = /* @__PURE__ */ (() => (LineSchema.extend({ note: z.string().optional() })))();',
    );
    expect(out).toContain('export function total(n: number) { return n * MAX; }');
    expect(pure(code, '/repo/packages/contract/src/orders.test.ts')).toBeNull();
    expect(pure(code, '/repo/apps/web/src/lib/api.ts')).toBeNull();
  });
});
