const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type HeatmapProps = { title: string; cells: { weekday: number; hour: number; count: number }[] };

/**
 * The busiest hours: weekday × hour, an HTML table whose cells are shaded by count (the count
 * is in every cell for screen readers, and in its tooltip), so it needs no chart library.
 */
export function Heatmap({ title, cells }: HeatmapProps) {
  const counts = new Map(cells.map((cell) => [cell.weekday * 24 + cell.hour, cell.count]));
  const peak = Math.max(1, ...cells.map((cell) => cell.count));
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return (
    <figure className="report-chart">
      <div className="report-chart__head">
        <figcaption className="report-chart__title">{title}</figcaption>
      </div>
      <div className="report-heatmap">
        <table className="report-heatmap__grid">
          <caption className="visually-hidden">{title}: messages received per weekday and hour, in the organization's time zone</caption>
          <thead>
            <tr>
              <td />
              {hours.map((hour) => (
                <th key={hour} scope="col" aria-label={`${hour}:00`}>
                  {hour % 3 === 0 ? hour : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday, day) => (
              <tr key={weekday}>
                <th scope="row" aria-label={WEEKDAY_NAMES[day]}>
                  {weekday}
                </th>
                {hours.map((hour) => {
                  const count = counts.get(day * 24 + hour) ?? 0;
                  return (
                    <td key={hour} title={`${WEEKDAY_NAMES[day]} ${hour}:00–${hour + 1}:00: ${count}`} style={{ ['--heat' as string]: count === 0 ? 0 : 0.15 + 0.85 * (count / peak) }}>
                      <span className="visually-hidden">{count}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
