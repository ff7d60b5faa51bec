/**
 * The one CSV writer, used by the app's exports and by the grader: RFC 4180 text with a guard
 * against formula injection (OWASP's "CSV Injection", ASVS 1.2.10). A text cell a spreadsheet
 * would read as a formula — one starting with `=`, `+`, `-`, `@`, a tab, a carriage return, a
 * line feed or NUL — is prefixed with an apostrophe, which spreadsheets take as "this is text":
 * a student's name `=HYPERLINK(…)` or a scenario title from a share link must never run when a
 * lecturer opens the file. A cell holding a separator (`,`, or `;` where a spreadsheet's locale
 * uses it), a quote or a line break is quoted, so no text can start a cell of its own.
 */
export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\n\0]/;
const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/;

/** One CSV field. Numbers are written as numbers (a negative number is not a formula). */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (no line end). */
export const csvRow = (cells: readonly Cell[]): string => cells.map(csvCell).join(',');

/** A header row and data rows as CSV text (CRLF line ends, as RFC 4180 asks). */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map(csvRow).join('\r\n') + '\r\n';
}
