import { describe, expect, it } from 'vitest';
import { RECORD_EXPORT_MAX_ROWS } from '@wl/schemas/domain/records';
import { collectCsvLines, EXPORT_PAGE_SIZE } from './csv-export.ts';

/** A list of `total` numbered rows, served a page at a time; `asked` records the pages asked for. */
function list(total: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number, size: number) => {
    asked.push(page);
    const from = (page - 1) * size;
    return { rows: Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => from + i), total };
  };
  return { asked, fetchPage };
}

describe('collectCsvLines (docs/0031)', () => {
  it('reads every page of a short list and stops at its total', async () => {
    const l = list(EXPORT_PAGE_SIZE * 2 + 5);
    const out = await collectCsvLines(l.fetchPage, (n) => [n]);
    expect(out.capped).toBe(false);
    expect(out.lines).toHaveLength(EXPORT_PAGE_SIZE * 2 + 5);
    expect(l.asked).toEqual([1, 2, 3]);
  });
  it('stops at the row cap and says the list had more', async () => {
    const l = list(RECORD_EXPORT_MAX_ROWS + 1);
    const out = await collectCsvLines(l.fetchPage, (n) => [n]);
    expect(out.capped).toBe(true);
    expect(out.lines).toHaveLength(RECORD_EXPORT_MAX_ROWS);
  });
  it('answers an empty list with no lines after one call', async () => {
    const l = list(0);
    expect(await collectCsvLines(l.fetchPage, (n) => [n])).toEqual({ lines: [], capped: false });
    expect(l.asked).toEqual([1]);
  });
});
