import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  LEADERBOARD_RANKS,
  MISSION_MESSAGES,
  type TLeaderboards,
  type TOperatorLeaderboard,
  type ZLeaderboardPrizesSet,
  type ZLeaderboardSave,
} from '@wl/schemas';
import type { z } from 'zod';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB, LeaderboardsTable } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { marketableMembers } from '../kernel/closure.ts';
import { maskHandle } from '../kernel/masks.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { settledRounds, VALID } from '../rewards/settled-rounds.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';
import { dayOf, merchantOffsetMinutes, weekOf } from '../kernel/local-day.ts';
import type { TPeriod } from './mission-progress.ts';

/*
 * Leaderboards (docs/0119): per local day or week of the merchant (docs/0125), members ranked by valid turnover (the settled
 * rounds of docs/0099) or by the mission points of their claims; ties go to the member who reached
 * the score first by id order (the lower id). Names are masked as the site masks handles
 * (kernel/masks.ts). At each period's end a job pays finance's prize of each rank from the bonus
 * expense: one transaction per board and period, which first writes the period's run row (the
 * primary key makes a rerun, a second process or a run after a SIGKILL pay nothing twice), ranks the
 * members the marketing rule lets receive something (docs/rules/protection.md#p-25: a closed
 * account is passed over, the next member takes the rank), and pays one prize per member.
 */

type TDb = Kysely<DB> | Transaction<DB>;
type TBoard = Selectable<LeaderboardsTable>;
const DAY_MS = 86_400_000;

/** The board's period holding `now`, in the merchant's local days (docs/0125). */
export const boardPeriod = (b: { period: 'daily' | 'weekly' }, now: Date, offsetMinutes: number): { start: Date; end: Date } =>
  b.period === 'daily' ? dayOf(now, offsetMinutes) : weekOf(now, offsetMinutes);

/** The scores of a board's period: a CTE body of (member_id, score), positive scores only. */
function scores(b: TBoard, p: TPeriod) {
  return b.metric === 'turnover'
    ? sql`select r.member_id, sum(${VALID})::bigint as score
        from ${settledRounds(sql`p.merchant_id = ${b.merchant_id} and w.created_at >= ${p.start} and w.created_at < ${p.end}`)} r
        group by r.member_id having sum(${VALID}) > 0`
    : sql`select c.member_id, sum(c.points)::bigint as score from mission_claims c
        where c.merchant_id = ${b.merchant_id} and c.points > 0 and c.created_at >= ${p.start} and c.created_at < ${p.end}
        group by c.member_id`;
}

/** The board's first `limit` members by score (ties: lower id first), with their usernames. */
async function ranking(db: TDb, b: TBoard, p: TPeriod, limit: number): Promise<{ memberId: number; username: string; score: number }[]> {
  const rows = await sql<{ member_id: number; username: string; score: string | number }>`
    with s as (${scores(b, p)})
    select s.member_id, m.username, s.score from s join members m on m.id = s.member_id
    order by s.score desc, s.member_id limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ memberId: Number(r.member_id), username: r.username, score: Number(r.score) }));
}

/** The member's score and rank in the board's period (rank null without a score). */
async function ownRank(db: TDb, b: TBoard, p: TPeriod, memberId: number): Promise<{ rank: number | null; score: number }> {
  const rows = await sql<{ score: string | number | null; ahead: string | number }>`
    with s as (${scores(b, p)}), me as (select score from s where member_id = ${memberId})
    select (select score from me) as score,
      (select count(*) from s, me where s.score > me.score or (s.score = me.score and s.member_id < ${memberId})) as ahead`.execute(db);
  const score = rows.rows[0]?.score;
  if (score === null || score === undefined) return { rank: null, score: 0 };
  return { rank: Number(rows.rows[0]!.ahead) + 1, score: Number(score) };
}

async function prizesOf(db: TDb, boardIds: number[]): Promise<Map<number, number[]>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db.selectFrom('leaderboard_prizes').selectAll().where('leaderboard_id', 'in', boardIds).orderBy('rank').execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.leaderboard_id, [...(out.get(r.leaderboard_id) ?? []), Number(r.amount_minor)]);
  return out;
}

/** The merchant's active leaderboards with the current period's ranking and the member's own rank. */
export async function memberLeaderboards(deps: TPlatformDeps, merchant: TMerchant, memberId: number): Promise<TLeaderboards> {
  const now = deps.clock();
  const boards = await deps.db
    .selectFrom('leaderboards')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('active', '=', true)
    .orderBy('id')
    .limit(20)
    .execute();
  const prizes = await prizesOf(
    deps.db,
    boards.map((b) => b.id),
  );
  const offset = await merchantOffsetMinutes(deps.db, merchant.id);
  return {
    boards: await Promise.all(
      boards.map(async (b) => {
        const p = boardPeriod(b, now, offset);
        const [top, mine] = await Promise.all([ranking(deps.db, b, p, LEADERBOARD_RANKS), ownRank(deps.db, b, p, memberId)]);
        return {
          id: b.id,
          nameEn: b.name_en,
          nameBn: b.name_bn,
          metric: b.metric,
          period: b.period,
          startsAt: p.start.toISOString(),
          endsAt: p.end.toISOString(),
          prizes: (prizes.get(b.id) ?? []).map((amountMinor, i) => ({ rank: i + 1, amountMinor })),
          top: top.map((r, i) => ({ rank: i + 1, name: maskHandle(r.username) ?? '*', score: r.score })),
          mine,
        };
      }),
    ),
  };
}

/** Periods of a board closed by `now` within the last `lookbackDays` and not before the board's own, oldest first. */
export function closedBoardPeriods(b: TBoard, now: Date, lookbackDays: number, offsetMinutes: number): { start: Date; end: Date }[] {
  const out: { start: Date; end: Date }[] = [];
  const first = boardPeriod(b, new Date(b.created_at), offsetMinutes).start.getTime();
  let p = boardPeriod(b, now, offsetMinutes);
  for (;;) {
    p = boardPeriod(b, new Date(p.start.getTime() - 1), offsetMinutes);
    if (p.start.getTime() < first || p.end.getTime() <= now.getTime() - lookbackDays * DAY_MS) break;
    out.unshift(p);
  }
  return out;
}

/** How far back a run pays closed periods not yet paid (a day the job did not run is paid by the next). */
export const LEADERBOARD_LOOKBACK_DAYS = 14;

/**
 * Pays one board's closed period, once: false when it was paid already, or when a paid period of the
 * board overlaps it (the merchant's offset changed, or the UTC days before docs/0125): no instant is
 * paid twice. The board's row is locked first, so the overlap is judged one run at a time.
 */
export async function payBoardPeriod(
  db: Kysely<DB>,
  merchant: { id: number; currency: string },
  b: TBoard,
  p: { start: Date; end: Date },
  prizes: number[],
  now: Date,
) {
  return inTransaction(db, async (trx) => {
    await trx.selectFrom('leaderboards').select('id').where('id', '=', b.id).forNoKeyUpdate().execute();
    const length = p.end.getTime() - p.start.getTime();
    const overlapping = await trx
      .selectFrom('leaderboard_runs')
      .select('period_start')
      .where('leaderboard_id', '=', b.id)
      .where('period_start', '<>', p.start)
      .where('period_start', '>', new Date(p.start.getTime() - length))
      .where('period_start', '<', p.end)
      .executeTakeFirst();
    if (overlapping) return false;
    const run = await trx
      .insertInto('leaderboard_runs')
      .values({ leaderboard_id: b.id, period_start: p.start })
      .onConflict((oc) => oc.columns(['leaderboard_id', 'period_start']).doNothing())
      .returning('leaderboard_id')
      .executeTakeFirst();
    if (!run) return false;
    // Candidates beyond the prizes: closed accounts are passed over and the next member takes the rank.
    const ranked = await ranking(trx, b, p, prizes.length * 3 + 10);
    if (ranked.length === 0) return true;
    await lockMembers(
      trx,
      ranked.map((r) => r.memberId),
      merchant.id,
    );
    const open = await marketableMembers(
      trx,
      ranked.map((r) => r.memberId),
      now,
    );
    const winners = ranked.filter((r) => open.has(r.memberId)).slice(0, prizes.length);
    const key = `leaderboard:${b.id}:${p.start.toISOString()}`;
    const paid = await payFromBonusExpense(
      trx,
      merchant,
      winners.map((w, i) => ({ memberId: w.memberId, amountMinor: prizes[i]!, key, kind: 'leaderboard_prize', meta: { leaderboardId: b.id, rank: i + 1 } })),
    );
    if (winners.length > 0)
      await trx
        .insertInto('leaderboard_payouts')
        .values(
          winners.map((w, i) => ({
            leaderboard_id: b.id,
            period_start: p.start,
            member_id: w.memberId,
            rank: i + 1,
            score: w.score,
            amount_minor: prizes[i]!,
            transaction_id: paid[i]!.transactionId,
          })),
        )
        .execute();
    return true;
  });
}

/** One run of the prize job: every board with prizes, each closed period within the lookback paid once. */
export async function runLeaderboardPrizes(db: Kysely<DB>, now: Date, onPaid: (boardId: number) => void = () => undefined): Promise<{ paid: number }> {
  const boards = await db.selectFrom('leaderboards').selectAll().where('active', '=', true).orderBy('id').execute();
  const prizes = await prizesOf(
    db,
    boards.map((b) => b.id),
  );
  // The periods already paid, read once for the run: a board's closed periods of the lookback are
  // mostly paid, and each unpaid one takes a transaction (which checks again under the board's lock).
  const ids = boards.map((b) => b.id);
  const runs =
    ids.length === 0
      ? []
      : await db
          .selectFrom('leaderboard_runs')
          .select(['leaderboard_id', 'period_start'])
          .where('leaderboard_id', 'in', ids)
          .where('period_start', '>=', new Date(now.getTime() - (LEADERBOARD_LOOKBACK_DAYS + 8) * 86_400_000))
          .execute();
  const paidStarts = new Set(runs.map((r) => `${r.leaderboard_id}:${new Date(r.period_start).getTime()}`));
  const merchants = new Map<number, { id: number; currency: string; tz_offset_minutes: number }>();
  let paid = 0;
  for (const b of boards) {
    const amounts = prizes.get(b.id) ?? [];
    if (amounts.length === 0) continue;
    let merchant = merchants.get(b.merchant_id);
    if (!merchant) {
      merchant = await db.selectFrom('merchants').select(['id', 'currency', 'tz_offset_minutes']).where('id', '=', b.merchant_id).executeTakeFirstOrThrow();
      merchants.set(b.merchant_id, merchant);
    }
    for (const p of closedBoardPeriods(b, now, LEADERBOARD_LOOKBACK_DAYS, merchant.tz_offset_minutes)) {
      if (!paidStarts.has(`${b.id}:${p.start.getTime()}`) && (await payBoardPeriod(db, merchant, b, p, amounts, now))) paid += 1;
      onPaid(b.id);
    }
  }
  return { paid };
}

// The console (docs/0119): content writes a board, finance its prizes; both audited.

async function operatorBoard(db: TDb, b: TBoard): Promise<TOperatorLeaderboard> {
  const [prizes, runs] = await Promise.all([
    prizesOf(db, [b.id]),
    db
      .selectFrom('leaderboard_runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('leaderboard_id', '=', b.id)
      .executeTakeFirst(),
  ]);
  return {
    id: b.id,
    nameEn: b.name_en,
    nameBn: b.name_bn,
    metric: b.metric,
    period: b.period,
    active: b.active,
    prizes: prizes.get(b.id) ?? [],
    paidPeriods: Number(runs?.n ?? 0),
  };
}

export async function listLeaderboards(deps: TPlatformDeps, merchant: TMerchant): Promise<{ rows: TOperatorLeaderboard[] }> {
  const rows = await deps.db.selectFrom('leaderboards').selectAll().where('merchant_id', '=', merchant.id).orderBy('id').limit(50).execute();
  return { rows: await Promise.all(rows.map((b) => operatorBoard(deps.db, b))) };
}

const notFound = () => new WpsError(404, MISSION_MESSAGES.unknown);

async function boardForUpdate(trx: Transaction<DB>, merchantId: number, id: number): Promise<TBoard> {
  const b = await trx.selectFrom('leaderboards').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId).forNoKeyUpdate().executeTakeFirst();
  if (!b) throw notFound();
  return b;
}

/** Content: a new board or an edit of one (its metric and period only while no period was paid). */
export async function saveLeaderboard(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZLeaderboardSave>,
): Promise<TOperatorLeaderboard> {
  return inTransaction(deps.db, async (trx) => {
    const values = { name_en: input.nameEn, name_bn: input.nameBn, metric: input.metric, period: input.period, active: input.active };
    let before: TOperatorLeaderboard | null = null;
    let saved: TBoard;
    if (input.id === null) {
      saved = await trx
        .insertInto('leaderboards')
        .values({ ...values, merchant_id: merchant.id, created_by: actor.operatorId })
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      const old = await boardForUpdate(trx, merchant.id, input.id);
      before = await operatorBoard(trx, old);
      if (before.paidPeriods > 0 && (old.metric !== input.metric || old.period !== input.period)) throw new WpsError(409, MISSION_MESSAGES.paidFixed);
      saved = await trx.updateTable('leaderboards').set(values).where('id', '=', old.id).returningAll().executeTakeFirstOrThrow();
    }
    const row = await operatorBoard(trx, saved);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'leaderboard.save', before, after: row, configVersion: null });
    return row;
  });
}

/** Finance: the prizes of ranks 1..n (replacing the board's; an empty list pays nothing). */
export async function setLeaderboardPrizes(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZLeaderboardPrizesSet>,
): Promise<TOperatorLeaderboard> {
  return inTransaction(deps.db, async (trx) => {
    const b = await boardForUpdate(trx, merchant.id, input.id);
    const before = await operatorBoard(trx, b);
    await trx.deleteFrom('leaderboard_prizes').where('leaderboard_id', '=', b.id).execute();
    if (input.prizes.length > 0)
      await trx
        .insertInto('leaderboard_prizes')
        .values(input.prizes.map((amount_minor, i) => ({ leaderboard_id: b.id, rank: i + 1, amount_minor })))
        .execute();
    const row = await operatorBoard(trx, b);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'leaderboard.prizes', before, after: row, configVersion: null });
    return row;
  });
}
