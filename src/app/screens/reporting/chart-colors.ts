import { useEffect, useState } from 'react';

/** The theme's colours, resolved (canvas cannot read CSS variables or light-dark()). */
export type ChartColors = { series: string[]; axis: string; grid: string; text: string };

const VARIABLES = ['--accent', '--success', '--warning', '--danger'] as const;

function resolve(variable: string, probe: HTMLElement): string {
  probe.style.color = `var(${variable})`;
  return getComputedStyle(probe).color;
}

export function readChartColors(): ChartColors {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  document.body.append(probe);
  try {
    return {
      series: VARIABLES.map((variable) => resolve(variable, probe)),
      axis: resolve('--text-tertiary', probe),
      grid: resolve('--border', probe),
      text: resolve('--text-secondary', probe),
    };
  } finally {
    probe.remove();
  }
}

/** The chart colours, read again when the theme changes (the agent's choice or the system's). */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readChartColors);
  useEffect(() => {
    const update = () => setColors(readChartColors());
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', update);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', update);
    };
  }, []);
  return colors;
}
