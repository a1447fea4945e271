import type { ReactNode } from 'react';
import { formatChange } from './report-format';

type FigureCardProps = {
  label: string;
  /** The figure as shown. */
  value: ReactNode;
  /** For the change: this period's and the previous period's raw numbers. */
  current?: number | null;
  previous?: number | null;
  /** How the previous period's value reads, e.g. "12 min". */
  previousText?: string;
  /** Whether a lower figure is the better one (times): the change's colour follows. */
  lowerIsBetter?: boolean;
  note?: string;
  /** Drill-down: the figure's conversations. */
  href?: string;
  onOpen?: () => void;
};

/** One headline figure with its change against the previous period. */
export function FigureCard({ label, value, current = null, previous = null, previousText, lowerIsBetter = false, note, href, onOpen }: FigureCardProps) {
  const change = formatChange(current, previous);
  const better = current !== null && previous !== null && current !== previous ? (current < previous) === lowerIsBetter : null;
  const shown = <span className="report-figure__value">{typeof value === 'number' ? value.toLocaleString() : value}</span>;
  return (
    <div className="report-figure">
      <dt>{label}</dt>
      <dd>
        {href && onOpen ? (
          <a
            href={href}
            className="report-figure__link"
            title={`Open these conversations in the inbox`}
            onClick={(event) => {
              event.preventDefault();
              onOpen();
            }}
          >
            {shown}
          </a>
        ) : (
          shown
        )}
        {change !== null && (
          <span className="report-figure__change" data-tone={better === null ? 'same' : better ? 'better' : 'worse'}>
            {change}
            <span className="report-figure__previous"> vs {previousText ?? (previous === null ? '—' : Math.round(previous).toLocaleString())}</span>
          </span>
        )}
        {note && <small className="report-figure__note">{note}</small>}
      </dd>
    </div>
  );
}
