import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | boolean | null | undefined;

/** A spreadsheet reads a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a text that a spreadsheet would run as a formula gets a leading `'` (numbers stay
 * numbers, negative ones too), and a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV (RFC 4180: CRLF line ends), header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Sends a CSV as a download (`text/csv; charset=utf-8`, `Content-Disposition: attachment`). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  // Our own names (a report and its dates): anything else is replaced, so nothing breaks out of the header.
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${safe}"`).send(csv);
}
