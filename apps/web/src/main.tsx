import { StrictMode, startTransition } from 'react';
import { installApiFeedback } from './app/api-feedback';
import { Providers } from './app/providers';
import { RouterProvider } from 'react-router';
import { createAppRouter, whenRouterReady, type AppRouter } from './app/router';
import { setPrefetchClient } from './lib/prefetch';
import { createQueryClient } from './lib/query-client';
import { initI18n } from './lib/i18n';
import { warmUpMoney } from './lib/money';
import './app/app.css';

const root = document.getElementById('root')!;

// The loading bar, the API's messages and the way to the log-in page, before the first request.
installApiFeedback();

// One cache for the pages and their routes' loaders, which start a page's first requests.
const queryClient = createQueryClient();
setPrefetchClient(queryClient);

// Start the language catalogue, then the router (the page's chunks and first requests), then
// Intl's first use (prices, dates), then React DOM, each in a task of its own: evaluating the
// scripts and creating the router were one task of about 100 ms on Lighthouse's phone, and Intl's
// first formatter cost as much again inside the first render of prices (decision 0112).
// Evaluating the libraries was still the longest task: React DOM is a chunk of its own, imported
// here in a later task (decision 0144; the pages' HTML preloads it). Render once all are in.
const texts = initI18n();
const routerReady = new Promise<AppRouter>((resolve) => {
  setTimeout(() => {
    const router = createAppRouter();
    void whenRouterReady(router).then(() => resolve(router));
  }, 0);
});
setTimeout(warmUpMoney, 0);
const reactDom = new Promise<typeof import('react-dom/client')>((resolve, reject) => {
  setTimeout(() => void import('react-dom/client').then(resolve, reject), 0);
});
Promise.all([routerReady, reactDom, texts]).then(
  ([router, { createRoot }]) => {
    // A transition lets React render the first page in small slices instead of one long task,
    // so the main thread stays responsive while it starts (Lighthouse: total blocking time).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    });
  },
  () => {
    // The catalogue or the render's chunk could not load (offline, or a deploy replaced its file): there is no
    // text to speak with yet, so offer a reload symbol that needs no language.
    const link = document.createElement('a');
    link.href = window.location.href;
    link.className = 'button button-primary boot-retry';
    link.textContent = '↻ Reload';
    root.replaceChildren(link);
  },
);
