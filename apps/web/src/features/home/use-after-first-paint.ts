import { useEffect, useState } from 'react';

/**
 * False for the first paint, true right after it. The home page asks for its data only then, so
 * the hero text (the largest paint on a phone) never waits behind API calls competing for the
 * connection and the main thread; every section has reserved its space meanwhile.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the next paint; the task it queues runs after that paint.
    const afterPaint = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    if (typeof requestAnimationFrame !== 'function') {
      afterPaint();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(afterPaint);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
