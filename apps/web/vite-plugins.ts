import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

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

/**
 * Lets the browser fetch the landing page's lazy chunks (and the default language's catalogue)
 * together with the entry instead of after it: one round trip less before the first real paint
 * of /index. Other routes stay lazy; a visitor landing elsewhere downloads a few kB extra.
 */
export function preloadLandingRoute(modules: string[], extraChunkNames: string[]): Plugin {
  return {
    name: 'dsm:preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Bundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is BundleChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const already = new Set<string>();
        const visit = (c: BundleChunk | undefined, into: Set<string>) => {
          if (!c || into.has(c.fileName)) return;
          into.add(c.fileName);
          for (const i of c.imports) visit(bundle[i] as BundleChunk | undefined, into);
        };
        visit(entry, already);
        const wanted = new Set<string>();
        for (const c of chunks) {
          const id = c.facadeModuleId?.replace(/\\/g, '/') ?? '';
          const named = extraChunkNames.some((n) => c.fileName.includes(`/${n}-`));
          if (named || modules.some((m) => id.endsWith(m))) visit(c, wanted);
        }
        const js = [...wanted].filter((f) => !already.has(f));
        const css = js.flatMap((f) => [...((bundle[f] as BundleChunk).viteMetadata?.importedCss ?? [])]);
        const tags = [
          ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
          ...[...new Set(css)].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ];
        return html.replace(/\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`);
      },
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
    async writeBundle() {
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
  };
}
