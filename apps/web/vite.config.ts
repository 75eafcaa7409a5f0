import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { FIRST_SCREENS } from './first-screens.ts';
import {
  dropAnswerSchemas,
  firstScreens,
  inlineEntryCss,
  precompress,
  preloadRoutes,
  pureContractValues,
} from './vite-plugins.ts';

/**
 * React DOM and its scheduler: a chunk of their own that main.tsx imports in a later task, so
 * evaluating the page's libraries is two tasks, not one long one on a phone (decision 0144).
 */
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
/** Libraries every page needs: one long-cached vendor chunk. */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@tanstack)[\\/]/;
/** Ant Design and its own dependencies: only the /user and /admin chunks import them. */
const ANTD =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs|@babel[\\/]runtime|clsx|classnames|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|is-mobile|resize-observer-polyfill|copy-to-clipboard|toggle-selection)[\\/]/;
/** Each language's catalogues travel together: one small chunk per language. */
const LOCALE = /[\\/]src[\\/]locales[\\/]([a-z]{2}-[A-Z]{2})[\\/]/;
/** Catalogues only some pages read (LAZY_NAMESPACES in src/lib/i18n.ts): a chunk of their own. */
const LAZY_LOCALE =
  /[\\/]src[\\/]locales[\\/][a-z]{2}-[A-Z]{2}[\\/](accounts|home|logistics|catalogue|admin|routes-admin|withdrawals|wallet|recharge|payments|checkout|invoices|orders|pricing|after-sales|connections|stores|store-orders|preferred-shipping|inventory|listings|sourcing|affiliates|excel-imports)\.json$/;

const PUBLIC = 'src/app/layouts/public-layout.tsx';
const MINIMAL = 'src/app/layouts/minimal-layout.tsx';
const CONTENT = [PUBLIC, 'src/features/content/content-page.tsx'];
/** A lazy namespace's catalogue in the default language, preloaded with the page that reads it. */
const texts = (ns: string) => `src/locales/en-US/${ns}.json`;
/**
 * The public pages (src/app/routes.tsx: PUBLIC_PAGES and the log-in pages) by their path's first
 * segment, lowercase, with the modules their route loads lazily: layout, page and the page's own
 * texts (a lazy namespace, in the default language). Each gets an
 * HTML page of its own that preloads them (decision 0109); a route left out gets /index's.
 */
const PRELOADED_ROUTES: Record<string, string[]> = {
  index: [PUBLIC, 'src/features/home/home-page.tsx', texts('home')],
  goodslist: [PUBLIC, 'src/features/catalogue/goods-list-page.tsx', texts('catalogue')],
  productdetails: [PUBLIC, 'src/features/catalogue/product-details-page.tsx', texts('catalogue')],
  shippingfee: [PUBLIC, 'src/features/logistics/shipping-fee-page.tsx', texts('logistics')],
  ...Object.fromEntries(
    [
      'agreement',
      'refunds',
      'aboutus',
      'privacy',
      'walletrules',
      'shippingpolicy',
      'contanctus',
      'useragreement',
      'faq',
      'howitworks',
      'affiliate',
    ].map((slug) => [slug, CONTENT]),
  ),
  login: [MINIMAL, 'src/features/accounts/login-page.tsx', texts('accounts')],
  register: [MINIMAL, 'src/features/accounts/register-page.tsx', texts('accounts')],
  resetpassword: [MINIMAL, 'src/features/accounts/reset-password-page.tsx', texts('accounts')],
};

export default defineConfig({
  plugins: [
    dropAnswerSchemas(),
    pureContractValues(),
    react(),
    inlineEntryCss(),
    // Each public page's chunks load with the entry (see src/app/routes.tsx); /index is the landing page.
    // React DOM is imported by the entry in a later task (decision 0144): every page preloads it too.
    preloadRoutes('index', PRELOADED_ROUTES, ['locale-en-US', 'react-dom']),
    firstScreens('index', FIRST_SCREENS, fileURLToPath(new URL('./src/locales', import.meta.url)), 'en-US'),
    precompress(),
  ],
  // antd is only reached through a lazy route: pre-bundle it at start so the dev server does not
  // discover it on the first visit to /user and reload the page.
  optimizeDeps: {
    include: ['antd', 'antd/es/locale/en_US', 'antd/es/locale/zh_CN', 'antd/es/locale/fr_FR', 'antd/es/locale/tr_TR'],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3001', changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3001' } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No modulepreload polyfill in the entry: of the browsers Vite's default target covers, only
    // Safari 16.4–16.6 lacks <link rel="modulepreload">, and there a page still works, its chunks
    // loading as they are imported. Its 0.4 kB paid for React DOM's own chunk (decision 0144).
    modulePreload: { polyfill: false },
    // Vite 8 bundles with Rolldown: `codeSplitting.groups` is its (non-deprecated) manualChunks.
    rolldownOptions: {
      // The contract package is declarations only (constants, zod schemas, pure functions).
      // Telling the bundler so lets it drop the schemas (and zod) the web shell does not use.
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Before React DOM: a group takes the modules its own import, and React is the vendor's.
            { name: 'vendor', test: VENDOR, priority: 30 },
            { name: 'react-dom', test: REACT_DOM, priority: 25 },
            { name: 'antd', test: ANTD, priority: 20 },
            {
              name: (id) => `locale-${LOCALE.exec(id)?.[1] ?? 'x'}`,
              debugName: 'locales',
              test: (id: string) => LOCALE.test(id) && !LAZY_LOCALE.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
