/**
 * Record limits and CSV export (docs/0031), shared by the platform's record queries and the
 * web's export; no zod and no wire contract, so the web's record page can import them (docs/0022).
 */
/** The longest range one query may cover, and the most rows an export may carry. */
export const RECORD_MAX_RANGE_DAYS = 93;
/** A member's own records reach a year back in one query (docs/0106: twelve months of history with a win/loss total). */
export const MEMBER_RECORD_MAX_RANGE_DAYS = 366;
export const RECORD_PAGE_SIZE_MAX = 100;
export const RECORD_EXPORT_MAX_ROWS = 5_000;

/**
 * One CSV cell: quoted, inner quotes doubled, and a cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with a quote so it stays text.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows as CSV text (CRLF line ends, as spreadsheets expect). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
