import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element comes within `margin` of the viewport, and stays true. Sections
 * below the fold fetch and render their data only then: a phone opening /index does not spend
 * its first seconds on shelves it has not scrolled to (Lighthouse: total blocking time).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
