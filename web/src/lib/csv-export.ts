import { RECORD_EXPORT_MAX_ROWS, toCsv } from '@wl/schemas/domain/records';

/** Rows an export asks for per call (docs/0031). */
export const EXPORT_PAGE_SIZE = 100;

export type TCsvLine = (string | number)[];

/**
 * Reads a filtered list page by page, EXPORT_PAGE_SIZE rows a call, until the total is read or
 * RECORD_EXPORT_MAX_ROWS lines are in hand (docs/0031); `capped` says the list had more.
 */
export async function collectCsvLines<TRow>(
  fetchPage: (page: number, size: number) => Promise<{ rows: readonly TRow[]; total: number }>,
  line: (row: TRow) => TCsvLine,
): Promise<{ lines: TCsvLine[]; capped: boolean }> {
  const lines: TCsvLine[] = [];
  for (let page = 1; ; page += 1) {
    const r = await fetchPage(page, EXPORT_PAGE_SIZE);
    lines.push(...r.rows.map(line));
    if (page * EXPORT_PAGE_SIZE >= r.total) return { lines, capped: false };
    if (lines.length >= RECORD_EXPORT_MAX_ROWS) return { lines: lines.slice(0, RECORD_EXPORT_MAX_ROWS), capped: true };
  }
}

/** Saves a CSV built in the browser, with a BOM so spreadsheets read Bengali (docs/0031). */
export function downloadCsv(fileName: string, header: readonly string[], lines: readonly TCsvLine[]): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, lines)], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
