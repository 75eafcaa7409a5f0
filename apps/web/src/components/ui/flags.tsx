import type { ReactNode } from 'react';

/** Inline flags for the language selector (no image requests, crisp at any density). */

function starPoints(cx: number, cy: number, r: number, rotation = -90): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = ((rotation + i * 36) * Math.PI) / 180;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

function Frame({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <svg
      className="flag"
      width={20}
      height={14}
      viewBox="0 0 30 20"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {children}
    </svg>
  );
}

const FLAGS: Record<string, () => ReactNode> = {
  cn: () => (
    <>
      <rect width="30" height="20" fill="#ee1c25" />
      <polygon points={starPoints(5, 5, 3)} fill="#ffde00" />
      <polygon points={starPoints(10, 2, 1, -60)} fill="#ffde00" />
      <polygon points={starPoints(12, 4, 1, -80)} fill="#ffde00" />
      <polygon points={starPoints(12, 7, 1, -100)} fill="#ffde00" />
      <polygon points={starPoints(10, 9, 1, -120)} fill="#ffde00" />
    </>
  ),
  us: () => (
    <>
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="12" height={(20 * 7) / 13} fill="#3c3b6e" />
    </>
  ),
  fr: () => (
    <>
      <rect width="10" height="20" fill="#0055a4" />
      <rect x="10" width="10" height="20" fill="#fff" />
      <rect x="20" width="10" height="20" fill="#ef4135" />
    </>
  ),
  tr: () => (
    <>
      <rect width="30" height="20" fill="#e30a17" />
      <circle cx="10.5" cy="10" r="5" fill="#fff" />
      <circle cx="11.75" cy="10" r="4" fill="#e30a17" />
      <polygon points={starPoints(17.2, 10, 2.1, 0)} fill="#fff" />
    </>
  ),
};

export function Flag({ code, label }: { code: string; label?: string }) {
  const draw = FLAGS[code];
  if (!draw) return null;
  return <Frame label={label}>{draw()}</Frame>;
}
