import type { ComponentPropsWithoutRef } from 'react';

/** One group of bars. */
export interface BarGroup {
  label: string;
  values: number[];
}

/** Props of {@link BarChart}. Extra props go to the `<svg>`. */
export interface BarChartProps extends Omit<ComponentPropsWithoutRef<'svg'>, 'children'> {
  /** Accessible name of the chart. */
  title: string;
  /** Names of the series, one per value of each group (legend). */
  series: string[];
  /** Colours of the series. */
  colours: string[];
  groups: BarGroup[];
  width?: number;
  height?: number;
}

/**
 * A grouped bar chart in plain SVG (no chart library: the import map stays small and the chart is a
 * few dozen lines). Exposed as an image named by `title`; each bar has a `<title>` with its value.
 */
export function BarChart({ title, series, colours, groups, width = 640, height = 200, ...rest }: BarChartProps) {
  const pad = { top: 10, right: 10, bottom: 24, left: 32 };
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const groupW = groups.length === 0 ? innerW : innerW / groups.length;
  const barW = Math.max(1, (groupW * 0.8) / Math.max(1, series.length));
  const labelEvery = Math.ceil(groups.length / 10);
  return (
    <figure style={{ margin: 0 }}>
      <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxWidth: width }} {...rest}>
        <line x1={pad.left} y1={pad.top + innerH} x2={pad.left + innerW} y2={pad.top + innerH} stroke="currentColor" strokeOpacity={0.3} />
        <text x={pad.left - 4} y={pad.top + 8} fontSize={10} textAnchor="end" fill="currentColor">
          {max}
        </text>
        <text x={pad.left - 4} y={pad.top + innerH} fontSize={10} textAnchor="end" fill="currentColor">
          0
        </text>
        {groups.map((g, gi) =>
          g.values.map((v, si) => {
            const h = (v / max) * innerH;
            return (
              <rect
                key={`${g.label}-${si}`}
                data-series={series[si]}
                x={pad.left + gi * groupW + groupW * 0.1 + si * barW}
                y={pad.top + innerH - h}
                width={barW}
                height={h}
                fill={colours[si]}
              >
                <title>{`${g.label} ${series[si]}: ${v}`}</title>
              </rect>
            );
          }),
        )}
        {groups.map((g, gi) =>
          gi % labelEvery === 0 ? (
            <text key={`l-${g.label}`} x={pad.left + gi * groupW + groupW / 2} y={height - 8} fontSize={9} textAnchor="middle" fill="currentColor">
              {g.label}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, fontSize: 12 }}>
        {series.map((s, i) => (
          <span key={s}>
            <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, background: colours[i], marginRight: 4 }} />
            {s}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
