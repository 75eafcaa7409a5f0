import type { WalletBalancePoint } from '@dsm/contract';

const W = 640;
const H = 220;
const PAD = { left: 8, right: 8, top: 16, bottom: 28 };

interface BalanceChartProps {
  points: readonly WalletBalancePoint[];
  /** Formats a USD amount in the user's currency. */
  money: (usd: number) => string;
  /** Formats a YYYY-MM-DD day for the axis and the tooltips. */
  day: (day: string) => string;
  /** What a screen reader hears for the whole chart. */
  label: string;
  pointLabel: (day: string, amount: string) => string;
}

/**
 * The balance over time as an inline SVG line (no chart library: the page stays small). One point
 * per day; the scale always includes 0 so a flat balance does not look like a swing. Each point has
 * a tooltip (its <title>) with the day and the amount.
 */
export function BalanceChart({ points, money, day, label, pointLabel }: BalanceChartProps) {
  if (points.length === 0) return null;
  const values = points.map((p) => p.balance);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + ((max - v) * innerH) / span;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.balance).toFixed(1)}`).join(' ');
  const area = `${x(0).toFixed(1)},${y(min).toFixed(1)} ${line} ${x(points.length - 1).toFixed(1)},${y(min).toFixed(1)}`;
  const first = points[0]!;
  const last = points[points.length - 1]!;

  return (
    <figure className="balance-chart">
      <div className="balance-chart-scale" aria-hidden="true">
        <span>{money(max)}</span>
        <span>{money(min)}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} className="balance-chart-grid" />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(min)} y2={y(min)} className="balance-chart-grid" />
        <polygon points={area} className="balance-chart-area" />
        <polyline points={line} className="balance-chart-line" vectorEffect="non-scaling-stroke" />
        {points.map((p, i) => (
          <circle
            key={p.day}
            cx={x(i)}
            cy={y(p.balance)}
            r={points.length > 60 ? 1.5 : 3}
            className="balance-chart-point"
            data-testid="chart-point"
          >
            <title>{pointLabel(day(p.day), money(p.balance))}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="balance-chart-days" aria-hidden="true">
        <span>{day(first.day)}</span>
        <span>{day(last.day)}</span>
      </figcaption>
    </figure>
  );
}
