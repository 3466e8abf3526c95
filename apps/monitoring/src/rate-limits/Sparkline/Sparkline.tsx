import type { RateLimitMinute } from '@tessera/domain';

/** Props of {@link Sparkline}. */
export interface SparklineProps {
  /** The minutes to draw, oldest first. */
  minutes: readonly RateLimitMinute[];
  /** Accessible name of the chart. */
  label: string;
  width?: number;
  height?: number;
}

/** The `points` of a polyline through `values`, scaled to `max` over the box. */
function pointsOf(values: readonly number[], max: number, width: number, height: number): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - 1 - (max > 0 ? (v / max) * (height - 2) : 0)).toFixed(1)}`).join(' ');
}

/**
 * A small chart of a rule's last minutes: allowed requests in green, refused in red, on one scale. Drawn
 * as plain SVG (no chart library for two lines).
 */
export function Sparkline({ minutes, label, width = 120, height = 28 }: SparklineProps) {
  const allowed = minutes.map((m) => m.allowed);
  const refused = minutes.map((m) => m.refused);
  const max = Math.max(0, ...allowed, ...refused);
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ display: 'block' }}>
      <line x1={0} x2={width} y1={height - 1} y2={height - 1} stroke="var(--borderColor-muted, #d8dee4)" strokeWidth={1} />
      <polyline data-series="allowed" points={pointsOf(allowed, max, width, height)} fill="none" stroke="var(--fgColor-success, #1a7f37)" strokeWidth={1.5} />
      <polyline data-series="refused" points={pointsOf(refused, max, width, height)} fill="none" stroke="var(--fgColor-danger, #d1242f)" strokeWidth={1.5} />
    </svg>
  );
}
