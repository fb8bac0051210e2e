import { z } from 'zod';
import { RECORD_MAX_RANGE_DAYS, RECORD_PAGE_SIZE_MAX } from '../domain/records.ts';
import { zText } from '../text.ts';

/**
 * The zod pieces several wps call files share: ids, amounts, idempotency keys, the record range
 * and page of a report. One definition each, so that a report or a money call cannot drift from
 * the others (docs/0031 records, docs/0026 keys).
 */

/** An ISO instant with its offset (a report's `from` and `to`). */
export const ZInstant = z.iso.datetime({ offset: true }).max(40);
/** A signed amount in minor units: money in is positive, money out negative. */
export const ZMinor = z.number().int().refine(Number.isSafeInteger);
/** How many rows, members or bets. */
export const ZCount = z.number().int().nonnegative();
/** An id as a query string or a form carries it (a member, an agent, an invitation: 32-bit serials). */
export const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);
/** A row of a 32-bit serial column. */
export const ZRowId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
/** A row of a 64-bit serial column (as far as a JavaScript number is exact). */
export const ZBigId = z.number().int().positive().refine(Number.isSafeInteger);
/** A client's idempotency key; the platform scopes it to its sender (docs/0026). */
export const ZIdempotencyKey = zText({ max: 100, min: 8, trim: false }).regex(/^[A-Za-z0-9_.:-]+$/, 'invalid_key');

/** The viewer's offset from UTC in minutes (east positive): a report sums and buckets by local day. */
export const ZTzOffsetMinutes = z.coerce.number().int().min(-840).max(840).default(0);
/** The page a report query asks for (a page number belongs to one filter). */
export const ZRecordPaging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RECORD_PAGE_SIZE_MAX).default(20),
};

/** The period's checks every record and report query has (docs/0031): `from` before `to`, at most RECORD_MAX_RANGE_DAYS. */
export const inRecordRange = <S extends z.ZodType<{ from: string; to: string }>>(schema: S, maxDays = RECORD_MAX_RANGE_DAYS) =>
  schema
    .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'record_range_invalid', path: ['to'] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= maxDays * 86_400_000, { message: 'record_range_too_long', path: ['to'] });

/** One page of a report's rows with the count over the whole filter; a report adds its totals with `.extend`. */
export const zRecordPage = <R extends z.ZodType>(row: R) => z.object({ rows: z.array(row).max(RECORD_PAGE_SIZE_MAX), total: ZCount });

/** Where an operator list stands: rows over the whole filter, the page and its size. */
export const ZOperatorPageInfo = {
  total: ZCount,
  pageNo: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};
