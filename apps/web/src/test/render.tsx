import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import {
  createMemoryRouter,
  type PatchRoutesOnNavigationFunction,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders routes in a memory router with the app's providers; returns the router to inspect.
 * The app's routes need the app's `patchRoutesOnNavigation` to reach /user and /admin pages.
 */
export function renderRoutes(
  routes: RouteObject[],
  path = '/',
  patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  // antd writes its CSS-in-JS rules into <style> tags as components mount; jsdom then walks every
  // rule on each getComputedStyle, which role queries call per element: that was half of the web
  // tests' CPU time (decision 0141). As on a server render, the rules are made but not inserted.
  const view = render(
    <StyleProvider mock="server">
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StyleProvider>,
  );
  return { router, ...view };
}

/** Renders one element at a path (for components that need router context). */
export function renderAt(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

/** A fetch Response carrying the API envelope. */
export function envelope(
  data: unknown,
  init: { code?: string; msg?: string; success?: boolean; status?: number } = {},
) {
  const { code = '00000', msg = 'ok', success = code === '00000', status = success ? 200 : 400 } = init;
  return new Response(JSON.stringify({ code, data, msg, success }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
