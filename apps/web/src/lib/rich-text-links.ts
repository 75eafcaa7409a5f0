import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Server-rendered rich text (notices, static pages, product descriptions) links to our own pages
 * with plain `<a href="/howitworks">`. This click handler follows such links inside the app, as
 * a router link would (no full page load); other links, and clicks with a modifier key or on a
 * link that opens elsewhere, behave as usual.
 */
export function useRichTextLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element).closest?.('a');
      if (!anchor || !event.currentTarget.contains(anchor)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download')) return;
      const href = anchor.getAttribute('href');
      if (!href || !href.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
