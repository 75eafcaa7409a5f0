interface MonthlyBarsProps {
  months: ReadonlyArray<{ month: string; commission: number }>;
  money: (usd: number) => string;
  monthName: (month: string) => string;
  label: string;
}

const W = 640;
const H = 180;
const BOTTOM = 24;

/** Commission by month as inline SVG bars (no chart library), each with its amount as a tooltip. */
export function MonthlyBars({ months, money, monthName, label }: MonthlyBarsProps) {
  const max = Math.max(0, ...months.map((m) => m.commission)) || 1;
  const slot = W / Math.max(months.length, 1);
  return (
    <svg className="affiliate-bars" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {months.map((m, i) => {
        const h = ((H - BOTTOM - 8) * m.commission) / max;
        return (
          <g key={m.month}>
            <rect x={i * slot + slot * 0.15} width={slot * 0.7} y={H - BOTTOM - h} height={Math.max(h, 1)} rx={3}>
              <title>{`${monthName(m.month)}: ${money(m.commission)}`}</title>
            </rect>
            <text x={i * slot + slot / 2} y={H - 6} textAnchor="middle">
              {m.month.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
