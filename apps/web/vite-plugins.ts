import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type Plugin, parseAst } from 'vite';
import { type Text, textsOf } from './first-screens.ts';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId?: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}
interface BundleAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type Bundle = Record<string, BundleChunk | BundleAsset>;

const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : new TextDecoder().decode(source));

/**
 * Inlines the entry's stylesheet (tokens, base, toasts, progress bar: a few kB) into index.html,
 * so the first paint waits for no stylesheet request. The file stays in dist for the manifest.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'dsm:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Bundle | undefined;
        if (!bundle) return html;
        return html.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `\n    <style>${text(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/** Where the build writes each route's page: dist/routes/<route>.html (the server picks it). */
export const ROUTE_PAGES_DIR = 'routes';

/**
 * Lets the browser fetch a page's lazy chunks (its layout, the page, their imports and styles,
 * and the default language's catalogue) together with the entry instead of after it: one round
 * trip less before the first real paint. index.html carries the tags of `landing` (/index, and
 * any page without one of its own); every other route of `routes` gets its own copy,
 * dist/routes/<route>.html, which the server sends for that path (platform/static.ts), so a
 * visitor landing on a product downloads the product page's chunks and not the home page's
 * (decision 0109). dist/.vite/route-preloads.json lists each route's files for the size check.
 */
export function preloadRoutes(landing: string, routes: Record<string, string[]>, extraChunkNames: string[]): Plugin {
  const perRoute = new Map<string, string[]>();
  let outDir = 'dist';
  const marker = '<!-- route preloads -->';
  return {
    name: 'dsm:preload-routes',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Bundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is BundleChunk => c.type === 'chunk');
        const visit = (c: BundleChunk | undefined, into: Set<string>) => {
          if (!c || into.has(c.fileName)) return;
          into.add(c.fileName);
          for (const i of c.imports) visit(bundle[i] as BundleChunk | undefined, into);
        };
        const already = new Set<string>();
        visit(
          chunks.find((c) => c.isEntry),
          already,
        );
        for (const [route, modules] of Object.entries(routes)) {
          const wanted = new Set<string>();
          for (const c of chunks) {
            const id = c.facadeModuleId?.replace(/\\/g, '/') ?? '';
            const named = extraChunkNames.some((n) => c.fileName.includes(`/${n}-`));
            if (named || modules.some((m) => id.endsWith(m))) visit(c, wanted);
          }
          const js = [...wanted].filter((f) => !already.has(f));
          const css = [
            ...new Set(js.flatMap((f) => [...((bundle[f] as BundleChunk).viteMetadata?.importedCss ?? [])])),
          ];
          perRoute.set(route, [...js, ...css]);
        }
        const tags = (route: string) => {
          const files = perRoute.get(route) ?? [];
          return [
            ...files.filter((f) => f.endsWith('.js')).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
            ...files
              .filter((f) => f.endsWith('.css'))
              .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
          ].join('\n    ');
        };
        // Every route's copy is this page with its own tags in place of the landing page's.
        const template = html.replace(/\s*<\/head>/, `\n    ${marker}\n  </head>`);
        for (const route of Object.keys(routes)) perRoute.set(`html:${route}`, [template.replace(marker, tags(route))]);
        return template.replace(marker, tags(landing));
      },
    },
    writeBundle: {
      sequential: true,
      async handler() {
        await mkdir(join(outDir, ROUTE_PAGES_DIR), { recursive: true });
        const files: Record<string, string[]> = {};
        for (const route of Object.keys(routes)) {
          files[route] = perRoute.get(route) ?? [];
          if (route !== landing)
            await writeFile(join(outDir, ROUTE_PAGES_DIR, `${route}.html`), perRoute.get(`html:${route}`)![0]!);
        }
        await writeFile(
          join(outDir, '.vite', 'route-preloads.json'),
          `${JSON.stringify({ landing, routes: files }, null, 2)}\n`,
        );
      },
    },
  };
}

/** `schema: SomethingSchema,` (or before `}`) in an object literal: an API call's answer schema. */
const ANSWER_SCHEMA_OPTION = /\bschema:(\s*)[A-Z][A-Za-z0-9_$]*Schema(?=\s*[,}])/g;

/**
 * Leaves the contract's answer schemas out of the production build. The API client checks an
 * answer against its schema only in development and tests (`CHECK_ANSWERS` in src/lib/api.ts),
 * yet a schema passed as `{ schema: ProductDetailSchema }` keeps it, and zod under it (26 kB
 * gzip), in every page that calls the API. The option's value becomes `undefined` before the
 * bundler sees it, so the unused schemas and zod are left out of the pages that only read data
 * (decision 0109). Form validation passes its schema as an argument, never as a `schema:`
 * option, and keeps it.
 */
export function dropAnswerSchemas(): Plugin {
  return {
    name: 'dsm:drop-answer-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('schema:')) return null;
      const out = code.replace(ANSWER_SCHEMA_OPTION, 'schema:$1undefined');
      return out === code ? null : { code: out, map: null };
    },
  };
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
/** Initial values that are plain data or functions: nothing to gain from wrapping them. */
const INERT = new Set(['Literal', 'TemplateLiteral', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

/**
 * Lets the bundler drop the contract's unused schemas. A contract module is shared by the server
 * and the web; a page that imports one of its constants or functions keeps every top-level value
 * of that module whose building calls a function (a zod schema: `z.object(…)`, `Base.extend(…)`),
 * since a call might have side effects, and zod under them (26 kB gzip). Building a schema has
 * none: each such `const` is rewritten `const X = /* @__PURE__ *\/ (() => <its value>)()`, the
 * same value, which the bundler may leave out when nothing reads it (decision 0109).
 */
export function pureContractValues(): Plugin {
  return {
    name: 'dsm:pure-contract-values',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^?]*(?<!\.test)\.ts$/.test(id)) return null;
      const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as
          | (Node & { kind?: string; declarations?: { init: Node | null }[] })
          | null;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const d of declaration.declarations ?? []) if (d.init && !INERT.has(d.init.type)) inits.push(d.init);
      }
      if (!inits.length) return null;
      let out = '';
      let at = 0;
      for (const init of inits) {
        out += `${code.slice(at, init.start)}/* @__PURE__ */ (() => (${code.slice(init.start, init.end)}))()`;
        at = init.end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, so a static server
 * can send them as they are (e.g. @fastify/static `preCompressed: true`) instead of compressing
 * on each request, or not at all: uncompressed, the first load of /index is 3× heavier.
 */
export function precompress(minBytes = 1024): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'dsm:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the route pages above).
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        await Promise.all(
          entries
            .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
            .map(async (e) => {
              const path = join(e.parentPath, e.name);
              const data = await readFile(path);
              if (data.length < minBytes) return;
              await Promise.all([
                br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((out) =>
                  writeFile(`${path}.br`, out),
                ),
                gz(data, { level: 9 }).then((out) => writeFile(`${path}.gz`, out)),
              ]);
            }),
        );
      },
    },
  };
}

/** The root's mark where a page's first screen goes (index.html; the server's PREVIEW_MARK). */
const FIRST_PAINT_MARK = '<!--first-paint-->';

/**
 * Writes the first screen of the pages in `screens` into their HTML, once per language (decision
 * 0147): `routes/<route>.html` in `defaultLocale`, `routes/<route>.<locale>.html` in the others,
 * each with its `<html lang>`. The landing page's copy is written beside index.html, which stays
 * as it is: it is also the page of every path without one of its own (/user, /admin…), which
 * must not show the landing page's first screen. Runs after preloadRoutes has written the pages.
 */
export function firstScreens(
  landing: string,
  screens: Record<string, (t: Text) => string>,
  localesDir: string,
  defaultLocale: string,
): Plugin {
  let outDir = 'dist';
  return {
    name: 'dsm:first-screens',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        const locales = (await readdir(localesDir, { withFileTypes: true }))
          .filter((e) => e.isDirectory())
          .map((e) => e.name);
        for (const [route, screen] of Object.entries(screens)) {
          const source = route === landing ? 'index.html' : join(ROUTE_PAGES_DIR, `${route}.html`);
          const html = await readFile(join(outDir, source), 'utf8');
          if (!html.includes(FIRST_PAINT_MARK)) throw new Error(`first screen: no ${FIRST_PAINT_MARK} in ${source}`);
          for (const locale of locales) {
            const page = html
              .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
              .replace(FIRST_PAINT_MARK, `${screen(textsOf(localesDir, locale))}${FIRST_PAINT_MARK}`);
            const name = locale === defaultLocale ? `${route}.html` : `${route}.${locale}.html`;
            await writeFile(join(outDir, ROUTE_PAGES_DIR, name), page);
          }
        }
      },
    },
  };
}
