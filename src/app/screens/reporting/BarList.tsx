export type BarItem = { key: string; label: string; value: number; href?: string; onOpen?: () => void };

type BarListProps = { title: string; items: BarItem[]; empty: string; unit?: string };

/**
 * A ranked list of horizontal bars (conversations by channel, tag, assignee): HTML, so every bar
 * is a link a keyboard reaches and a screen reader reads as "label, value"; a click drills down.
 */
export function BarList({ title, items, empty, unit = 'conversations' }: BarListProps) {
  const peak = Math.max(1, ...items.map((item) => item.value));
  return (
    <figure className="report-chart">
      <div className="report-chart__head">
        <figcaption className="report-chart__title">{title}</figcaption>
      </div>
      {items.length === 0 ? (
        <p className="hint report-chart__empty">{empty}</p>
      ) : (
        <ol className="report-bars" aria-label={title}>
          {items.map((item) => {
            const content = (
              <>
                <span className="report-bars__label">{item.label}</span>
                <span className="report-bars__track" aria-hidden="true">
                  <span className="report-bars__bar" style={{ width: `${Math.max(2, (item.value / peak) * 100)}%` }} />
                </span>
                <span className="report-bars__value">
                  {item.value}
                  <span className="visually-hidden"> {unit}</span>
                </span>
              </>
            );
            return (
              <li key={item.key}>
                {item.href && item.onOpen ? (
                  <a
                    className="report-bars__row"
                    href={item.href}
                    onClick={(event) => {
                      event.preventDefault();
                      item.onOpen?.();
                    }}
                  >
                    {content}
                  </a>
                ) : (
                  <div className="report-bars__row">{content}</div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </figure>
  );
}
