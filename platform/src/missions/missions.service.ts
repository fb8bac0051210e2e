import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  DEFAULT_BONUS_TERMS,
  MISSION_MESSAGES,
  type TMemberMission,
  type TMemberMissions,
  type TMissionClaimResult,
  type TOperatorMission,
  type ZMissionRewardSet,
  type ZMissionSave,
} from '@wl/schemas';
import type { z } from 'zod';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { awardBonus, excludedFromMarketing } from '../bonus/award.ts';
import type { DB, MissionsTable } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { mayMarket } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';
import { merchantOffsetMinutes } from '../kernel/local-day.ts';
import { claimCovers, figuresCache, missionPeriod, taskDone } from './mission-progress.ts';

/*
 * Missions (docs/0119). A member sees the merchant's active missions that finance has set a reward
 * for, each task's progress over the mission's period (mission-progress.ts) and whether the period's
 * reward is claimed. A claim is one transaction in the lock order of every money path (docs/0080):
 * the member locked (parallel claims take turns), the claim of the period looked for, the marketing
 * rule (a closed account is paid nothing, docs/rules/protection.md#p-25), the progress counted again
 * inside the transaction, the payment (cash from the bonus expense under a key scoped to the member,
 * or a bonus through the bonus wallet with the mission's turnover multiple), then the claim row,
 * unique per mission, member and period. Any refusal rolls all of it back. Periods are the merchant's
 * local days (docs/0125); a claim of an overlapping period (before an offset change) counts as this
 * period's.
 */

type TDb = Kysely<DB> | Transaction<DB>;
type TMissionRow = Selectable<MissionsTable>;
const refused = (key: (typeof MISSION_MESSAGES)[keyof typeof MISSION_MESSAGES]) => new WpsError(409, key);
const iso = (d: Date | string) => new Date(d).toISOString();

/** The merchant's missions a member may do now: active, with a reward set. */
function payingMissions(db: TDb, merchantId: number) {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    .where('reward_minor', 'is not', null)
    .orderBy('sort')
    .orderBy('id');
}

async function missionsOf(db: TDb, merchantId: number, memberId: number, now: Date, rows: TMissionRow[]): Promise<TMemberMission[]> {
  if (rows.length === 0) return [];
  const offset = await merchantOffsetMinutes(db, merchantId);
  const figures = figuresCache(db, memberId, offset);
  const claims = await db
    .selectFrom('mission_claims')
    .select(['mission_id', 'period_start'])
    .where('member_id', '=', memberId)
    .where(
      'mission_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const out: TMemberMission[] = [];
  for (const m of rows) {
    const period = missionPeriod(m, now, offset);
    const f = await figures(period);
    const tasks = m.tasks.map((t) => ({
      kind: t.kind,
      gameType: t.gameType as TMemberMission['tasks'][number]['gameType'],
      target: t.target,
      done: taskDone(t, f),
    }));
    out.push({
      id: m.id,
      cadence: m.cadence,
      nameEn: m.name_en,
      nameBn: m.name_bn,
      points: m.points,
      reward: { kind: m.reward_kind!, amountMinor: Number(m.reward_minor) },
      endsAt: period.end ? period.end.toISOString() : null,
      tasks,
      complete: tasks.every((t) => t.done >= t.target),
      claimed: claims.some((c) => c.mission_id === m.id && claimCovers(m.cadence, new Date(c.period_start), period)),
    });
  }
  return out;
}

/** The member's missions with their progress, and how many are complete and unclaimed. */
export async function memberMissions(deps: TPlatformDeps, merchant: TMerchant, memberId: number): Promise<TMemberMissions> {
  const missions = await missionsOf(deps.db, merchant.id, memberId, deps.clock(), await payingMissions(deps.db, merchant.id).execute());
  return { missions, claimable: missions.filter((m) => m.complete && !m.claimed).length };
}

/** The missions summary (the mission badge): missions complete and unclaimed. */
export async function missionSummary(deps: TPlatformDeps, merchant: TMerchant, memberId: number): Promise<{ claimable: number }> {
  return { claimable: (await memberMissions(deps, merchant, memberId)).claimable };
}

/** The mission badge of member info: the summary's count, the merchant read from the member. */
export async function claimableMissions(db: TDb, memberId: number, now: Date): Promise<number> {
  const { merchant_id } = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const missions = await missionsOf(db, merchant_id, memberId, now, await payingMissions(db, merchant_id).execute());
  return missions.filter((m) => m.complete && !m.claimed).length;
}

/** Claims a completed mission's reward of the period: paid exactly once, or a translated refusal and nothing changed. */
export async function claimMission(deps: TPlatformDeps, merchant: TMerchant, memberId: number, missionId: number, ip: string): Promise<TMissionClaimResult> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const m = await payingMissions(trx, merchant.id).where('id', '=', missionId).executeTakeFirst();
    if (!m) throw refused(MISSION_MESSAGES.unknown);
    const [mission] = await missionsOf(trx, merchant.id, memberId, now, [m]);
    if (mission!.claimed) throw refused(MISSION_MESSAGES.alreadyClaimed);
    if (!(await mayMarket(trx, memberId, now))) throw excludedFromMarketing();
    if (!mission!.complete) throw refused(MISSION_MESSAGES.notComplete);
    const period = missionPeriod(m, now, await merchantOffsetMinutes(trx, merchant.id));
    const amountMinor = Number(m.reward_minor);
    const key = `mission:${m.id}:${period.start.toISOString()}`;
    let awardId: number | null = null;
    let transactionId: number | null = null;
    let held = false;
    if (m.reward_kind === 'bonus') {
      const awarded = await awardBonus(trx, merchant, {
        memberId,
        promotionId: null,
        source: 'mission',
        sourceKey: key,
        amountMinor,
        terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: m.turnover_multiple! },
        now,
        ip,
      });
      awardId = awarded.awardId;
      held = awarded.held === true;
    } else {
      const [paid] = await payFromBonusExpense(trx, merchant, [{ memberId, amountMinor, key, kind: 'mission_reward', meta: { missionId: m.id } }]);
      transactionId = paid!.transactionId;
    }
    await trx
      .insertInto('mission_claims')
      .values({
        merchant_id: merchant.id,
        mission_id: m.id,
        member_id: memberId,
        period_start: period.start,
        reward_kind: m.reward_kind!,
        amount_minor: amountMinor,
        points: m.points,
        award_id: awardId,
        transaction_id: transactionId,
      })
      .execute();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: 'mission_claimed', detail: `${m.id} ${m.reward_kind} ${amountMinor}`, ip });
    return { reward: { kind: m.reward_kind!, amountMinor }, points: m.points, awardId, held };
  });
}

// The console (docs/0119): content writes a mission, finance what it pays; both audited.

const SHOWN = 200;

async function operatorRow(db: TDb, m: TMissionRow): Promise<TOperatorMission> {
  const claims = await db
    .selectFrom('mission_claims')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('mission_id', '=', m.id)
    .executeTakeFirst();
  return {
    id: m.id,
    cadence: m.cadence,
    nameEn: m.name_en,
    nameBn: m.name_bn,
    tasks: m.tasks.map((t) => ({ ...t, gameType: t.gameType as TOperatorMission['tasks'][number]['gameType'] })),
    points: m.points,
    active: m.active,
    sort: m.sort,
    reward: m.reward_kind ? { kind: m.reward_kind, amountMinor: Number(m.reward_minor) } : null,
    turnoverMultiple: m.turnover_multiple,
    claims: Number(claims?.n ?? 0),
    updatedAt: iso(m.updated_at),
    termsVersion: m.terms_version,
  };
}

export async function listMissions(deps: TPlatformDeps, merchant: TMerchant): Promise<{ rows: TOperatorMission[] }> {
  const rows = await deps.db.selectFrom('missions').selectAll().where('merchant_id', '=', merchant.id).orderBy('sort').orderBy('id').limit(SHOWN).execute();
  return { rows: await Promise.all(rows.map((m) => operatorRow(deps.db, m))) };
}

const notFound = () => new WpsError(404, MISSION_MESSAGES.unknown);

/** The merchant's mission `id`, locked for a change (content's or finance's); 404 when it is not the merchant's. */
async function lockedMission(trx: Transaction<DB>, merchantId: number, id: number): Promise<TMissionRow> {
  const row = await trx.selectFrom('missions').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Content: a new mission (off until switched on; it pays nothing until finance sets its reward) or an edit of one. */
export async function saveMission(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZMissionSave>,
): Promise<TOperatorMission> {
  return inTransaction(deps.db, async (trx) => {
    const values = {
      cadence: input.cadence,
      name_en: input.nameEn,
      name_bn: input.nameBn,
      tasks: JSON.stringify(input.tasks),
      points: input.points,
      active: input.active,
      sort: input.sort,
    };
    let before: TOperatorMission | null = null;
    let saved: TMissionRow | undefined;
    if (input.id === null) {
      saved = await trx
        .insertInto('missions')
        .values({ ...values, merchant_id: merchant.id, created_by: actor.operatorId })
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      const old = await lockedMission(trx, merchant.id, input.id);
      before = await operatorRow(trx, old);
      // What the mission asks for is what finance priced (docs/rules/money.md#m-51): a change of its
      // cadence or tasks takes the reward away and raises the terms version, so a priced mission
      // never becomes easier to claim on content's word alone. Names, points, order and the switch do not.
      const asked = (c: string, tasks: readonly { kind: string; gameType: string | null; target: number }[]) =>
        JSON.stringify([c, tasks.map((t) => [t.kind, t.gameType ?? null, Number(t.target)])]);
      const termsChanged = asked(old.cadence, old.tasks) !== asked(input.cadence, input.tasks);
      saved = await trx
        .updateTable('missions')
        .set((eb) => ({
          ...values,
          updated_at: sql`now()`,
          ...(termsChanged ? { terms_version: eb('terms_version', '+', 1), reward_kind: null, reward_minor: null, turnover_multiple: null } : {}),
        }))
        .where('id', '=', old.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const row = await operatorRow(trx, saved);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'mission.save', before, after: row, configVersion: null });
    return row;
  });
}

/** Finance: what a mission pays (cash, or a bonus with its turnover multiple). */
export async function setMissionReward(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZMissionRewardSet>,
): Promise<TOperatorMission> {
  return inTransaction(deps.db, async (trx) => {
    const old = await lockedMission(trx, merchant.id, input.id);
    // Finance prices the terms it was shown (docs/rules/money.md#m-51).
    if (old.terms_version !== input.termsVersion) throw refused(MISSION_MESSAGES.termsChanged);
    const before = await operatorRow(trx, old);
    const saved = await trx
      .updateTable('missions')
      .set({
        reward_kind: input.kind,
        reward_minor: input.amountMinor,
        turnover_multiple: input.kind === 'bonus' ? input.turnoverMultiple : null,
        updated_at: sql`now()`,
      })
      .where('id', '=', old.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const row = await operatorRow(trx, saved);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'mission.reward', before, after: row, configVersion: null });
    return row;
  });
}
