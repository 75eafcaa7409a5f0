import { createBrowserRouter } from 'react-router';
import { setNavigate } from '../lib/navigation';
import { patchRoutesOnNavigation, routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the router (it starts loading the current page's chunks at once) and lets the api client navigate. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  setNavigate((to) => void router.navigate(to));
  return router;
}

/** Resolves once the first page's lazy chunks are in, so the first paint is the real page. */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}
