import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '../../components/Button';
import { useChartColors } from './chart-colors';
import type { ChartColors } from './chart-colors';
import { ChartTable } from './ChartTable';

export type TimeSeries = { label: string; values: number[] };

type TimeChartProps = {
  title: string;
  /** One label per point (days, YYYY-MM-DD). The first series is drawn as bars, the others as lines over them. */
  days: string[];
  series: TimeSeries[];
  /** Drill-down: the conversations behind a day. */
  hrefOf?: (index: number) => string;
  onOpen?: (index: number) => void;
};

const HEIGHT = 220;

/**
 * A day-by-day bar chart drawn by uPlot on a canvas (fast at a year of days), in the theme's
 * colours; a click on a day opens its conversations. The table below says the same for screen
 * readers and keyboards (its days are links), and can be shown.
 */
export function TimeChart({ title, days, series, hrefOf, onOpen }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const colors = useChartColors();
  const [showTable, setShowTable] = useState(false);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((_, index) => index);
    const plot = new uPlot(chartOptions(element.clientWidth, days, series, colors, (index) => openRef.current?.(index)), [xs, ...series.map((one) => one.values)], element);
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, series, colors]);

  return (
    <figure className="report-chart">
      <div className="report-chart__head">
        <figcaption className="report-chart__title">{title}</figcaption>
        <Button variant="ghost" size="small" aria-expanded={showTable} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      </div>
      <div className="report-chart__legend" aria-hidden="true">
        {series.map((one, index) => (
          <span key={one.label}>
            <span className={index === 0 ? 'report-chart__swatch' : 'report-chart__swatch report-chart__swatch--line'} style={{ background: colors.series[index % colors.series.length] }} />
            {one.label}
          </span>
        ))}
      </div>
      <div ref={box} className="report-chart__canvas" aria-hidden="true" data-testid="time-chart" />
      <ChartTable
        shown={showTable}
        caption={title}
        head={['Day', ...series.map((one) => one.label)]}
        rows={days.map((day, index) => ({ key: day, label: day, href: hrefOf?.(index), onOpen: onOpen ? () => onOpen(index) : undefined, cells: series.map((one) => one.values[index] ?? 0) }))}
      />
    </figure>
  );
}

function chartOptions(width: number, days: string[], series: TimeSeries[], colors: ChartColors, open: (index: number) => void): uPlot.Options {
  const bars = uPlot.paths.bars?.({ size: [0.7, 40], gap: 1 });
  const axis = { stroke: colors.axis, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid, width: 1 } };
  return {
    width: Math.max(200, width),
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: { x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_, __, max) => [0, Math.max(1, max)] } },
    axes: [
      { ...axis, values: (_, ticks) => ticks.map((tick) => shortDay(days[tick] ?? '')), space: 60 },
      { ...axis, size: 40, values: (_, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) },
    ],
    series: [
      {},
      ...series.map((one, index) => {
        const color = colors.series[index % colors.series.length] ?? colors.text;
        if (index === 0) return { label: one.label, stroke: color, fill: color, width: 0, points: { show: false }, ...(bars ? { paths: bars } : {}) };
        return { label: one.label, stroke: color, width: 2, points: { show: days.length <= 45, size: 5, fill: color } };
      }),
    ],
    hooks: {
      init: [
        (plot) => {
          plot.over.style.cursor = 'pointer';
          plot.over.addEventListener('click', () => {
            const index = plot.cursor.idx;
            if (index !== null && index !== undefined) open(index);
          });
        },
      ],
    },
  };
}

/** "2 Nov" from a day. */
function shortDay(day: string): string {
  if (!day) return '';
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
