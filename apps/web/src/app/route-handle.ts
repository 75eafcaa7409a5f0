import { useMatches } from 'react-router';

/** Every route carries the catalogue key of its title (`routes:<key>`). */
export interface RouteHandle {
  title: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The title key of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (hasTitle(handle)) return handle.title;
  }
  return undefined;
}
