import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { loadNamespace, type Namespace } from '../lib/i18n';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType; loader?: LoaderFunction };
export type Loader = () => Promise<PageModule>;

const comingSoon: Loader = () => import('./pages/coming-soon-page');

/**
 * A page whose texts live in a lazily loaded locale namespace (`admin`, `wallet`, `orders`, …):
 * the namespace loads alongside the page's code, so the page never renders its keys.
 */
export const withText =
  (namespace: Namespace, load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace(namespace)]).then(([module]) => module);

/** A page route: its title key, and its lazily loaded component (coming soon until built). */
export function page(path: string, titleKey: string, load: Loader = comingSoon): RouteObject {
  return {
    path,
    handle: { title: `routes:${titleKey}` },
    // A page may export a loader that starts its first requests (lib/prefetch.ts).
    lazy: async () => {
      const module = await load();
      return module.loader ? { Component: module.default, loader: module.loader } : { Component: module.default };
    },
  };
}

/** Pages under a layout: the nested errorElement keeps the header and footer on screen. */
export function pages(children: RouteObject[], id?: string): RouteObject {
  return { id, errorElement: <RouteError />, children };
}
