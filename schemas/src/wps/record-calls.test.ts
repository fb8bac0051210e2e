import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../domain/records.ts';
import { ZRecordQuery } from './record-calls.ts';

describe('record queries', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 10, d)).toISOString();
  it('take a range of instants, at most 366 days (a member’s year, docs/0106), from before to', () => {
    expect(ZRecordQuery.safeParse({ from: day(1), to: day(8) }).success).toBe(true);
    expect(ZRecordQuery.safeParse({ from: day(8), to: day(1) }).error?.issues[0]?.message).toBe('record_range_invalid');
    expect(ZRecordQuery.safeParse({ from: '2025-12-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }).success).toBe(true);
    expect(ZRecordQuery.safeParse({ from: '2025-01-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }).error?.issues[0]?.message).toBe('record_range_too_long');
    expect(ZRecordQuery.safeParse({ from: 'yesterday', to: day(1) }).success).toBe(false);
    expect(ZRecordQuery.safeParse({ from: day(1), to: day(2), pageSize: 1000 }).success).toBe(false);
  });
});

describe('CSV export', () => {
  it('quotes every cell and keeps formulas as text', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    // Numbers are numbers, negative ones included.
    expect(csvCell(-250)).toBe('"-250"');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('"a","b"\r\n"1","x"\r\n');
  });
});
