export type ChartRow = { key: string; label: string; href?: string | undefined; onOpen?: (() => void) | undefined; cells: (number | string)[] };

type ChartTableProps = {
  caption: string;
  head: string[];
  rows: ChartRow[];
  /** Shown on the page; otherwise only for screen readers, and while a keyboard is in it. */
  shown: boolean;
};

/** A chart's figures as a table: the alternative for screen readers and keyboards (its rows' links drill down). */
export function ChartTable({ caption, head, rows, shown }: ChartTableProps) {
  return (
    <div className={shown ? 'report-table' : 'report-table report-table--hidden'}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.href && row.onOpen ? (
                  <a
                    href={row.href}
                    onClick={(event) => {
                      event.preventDefault();
                      row.onOpen?.();
                    }}
                  >
                    {row.label}
                  </a>
                ) : (
                  row.label
                )}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
