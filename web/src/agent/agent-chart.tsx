import { useTranslation } from 'react-i18next';
import { localDigits } from '../lib/numbers-later.ts';

/**
 * A bar chart of one figure over time in plain SVG (docs/0051; no chart library: a few dozen
 * bars do not need one, and the first load stays lean, docs/0022). Bars below zero (a team's loss)
 * hang under the axis in the second colour. Day labels (2026-11-26) in the language's digits. It scales with its box (viewBox), so it fits 360 px.
 */
export function AgentChart({
  points,
  label,
  summary,
  format,
}: {
  points: { label: string; value: number }[];
  label: string;
  summary: string;
  format: (v: number) => string;
}) {
  const { i18n } = useTranslation();
  const W = 600;
  const H = 220;
  const PAD = { top: 12, bottom: 28, left: 8, right: 8 };
  const max = Math.max(0, ...points.map((p) => p.value));
  const min = Math.min(0, ...points.map((p) => p.value));
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const zero = y(0);
  const step = (W - PAD.left - PAD.right) / Math.max(1, points.length);
  const bar = Math.max(2, step * 0.7);
  // First, middle and last labels: enough to read the axis at any width.
  const ticks = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  return (
    <figure className="agent-chart" data-testid="agent-overview.chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label}. ${summary}`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={zero} y2={zero} className="agent-chart__axis" />
        {points.map((p, i) => {
          const top = Math.min(y(p.value), zero);
          const height = Math.max(p.value === 0 ? 0 : 1, Math.abs(y(p.value) - zero));
          return (
            <rect
              key={p.label}
              x={PAD.left + i * step + (step - bar) / 2}
              y={top}
              width={bar}
              height={height}
              rx={2}
              className={p.value < 0 ? 'agent-chart__bar is-negative' : 'agent-chart__bar'}
              data-testid="agent-overview.bar"
            >
              <title>{`${localDigits(p.label, i18n.language)}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
        {points.map((p, i) =>
          ticks.has(i) ? (
            <text
              key={`t-${p.label}`}
              x={PAD.left + i * step + step / 2}
              y={H - 8}
              textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
              className="agent-chart__tick"
            >
              {localDigits(p.label.slice(5), i18n.language)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="money__hint">{label}</figcaption>
    </figure>
  );
}
