import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV exports a spreadsheet opens as they are (docs/desk.md#8-exports): UTF-8 with a byte-order mark, a
 * header row, CRLF line ends, ISO dates and plain decimals as the caller gives them, and any text cell
 * a spreadsheet would run as a formula (one beginning with = + - @, a tab or a carriage return)
 * prefixed with an apostrophe. A plain number such as -1461.75 stays a number.
 */

export type CsvCell = string | number | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralised(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${stringify([header, ...rows.map((row) => row.map(neutralised))], { record_delimiter: '\r\n' })}`;
}

/** Sends a CSV as a download named `fileName` (ASCII, no quotes). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
