import { Suspense, useRef, type ReactNode } from 'react';
import { useAfterFirstPaint } from './use-after-first-paint';
import { useNearViewport } from './use-near-viewport';

interface DeferredProps {
  /** Wait also until the section nears the viewport (below-the-fold sections). */
  whenNear?: boolean;
  /** Same size as the content, so nothing moves when it arrives. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * A home section whose code and data come after the first paint (and, `whenNear`, only when the
 * visitor scrolls near it). Until then its placeholder keeps its place.
 */
export function Deferred({ whenNear = false, placeholder, children }: DeferredProps) {
  // Each section waits on its own, so the page around it does not render again.
  const ready = useAfterFirstPaint();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const show = ready && (!whenNear || near);
  return (
    <div ref={ref} className="deferred">
      {show ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
