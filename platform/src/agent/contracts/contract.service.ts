import { sql, type Kysely, type Transaction } from 'kysely';
import { bengaliDigits } from '@wl/schemas/domain/digits';
import {
  AGENT_TYPES,
  CONTRACT_KIND_MODULES,
  CONTRACT_MESSAGES,
  LIVE_CONTRACT_STATES,
  PAID_CONTRACT_STATES,
  WPS_CODES,
  withinCap,
  type TContract,
  type TContractActRequest,
  type TContractKind,
  type TContractOfferRequest,
  type TContractOverview,
  type TContractState,
  type TContractTerms,
} from '@wl/schemas';
import type { DB } from '../../db/schema.ts';
import { conflict, fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TMerchant } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError } from '../../http/envelope.ts';
import { inTransaction } from '../../wallet/ledger.service.ts';
import type { TSessionAgent } from '../../access/actor.ts';
import { downlineOf, teamOf } from '../../access/subtree.ts';
import { parseTerms, realtimeWindowSeconds } from './contract-settlement.ts';
import { recordMemberAudit } from '../../audit/member-audit.ts';
import { notInTeam } from '../agent.service.ts';

type TDb = Kysely<DB> | Transaction<DB>;

const kindOff = () => new WpsError(WPS_CODES.featureOff, CONTRACT_MESSAGES.kindOff);

/** Whether the whitelabel flag of a contract kind is on (DIVIDEND, DAYSAL, HOURSAL3, RTSALARY3). */
export async function kindEnabled(db: TDb, merchantId: number, kind: TContractKind): Promise<boolean> {
  const row = await db
    .selectFrom('whitelabel_nodes')
    .select('enabled')
    .where('merchant_id', '=', merchantId)
    .where('mod_id', '=', CONTRACT_KIND_MODULES[kind])
    .executeTakeFirst();
  return row?.enabled === true;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function contractRows(db: TDb, merchantId: number) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as h', 'h.id', 'c.member_id')
    .leftJoin('members as u', 'u.id', 'c.upline_id')
    .where('c.merchant_id', '=', merchantId)
    .select([
      'c.id',
      'c.kind',
      'c.state',
      'c.terms',
      'c.upline_id',
      'c.member_id',
      'c.termination_by',
      'c.end_reason',
      'c.offered_at',
      'c.accepted_at',
      'c.ended_at',
      'h.username as holder_username',
      'h.nickname as holder_nickname',
      'u.username as upline_username',
      'u.nickname as upline_nickname',
    ]);
}
type TRawContract = Awaited<ReturnType<ReturnType<typeof contractRows>['execute']>>[number];

function toContract(r: TRawContract): TContract {
  return {
    id: Number(r.id),
    kind: r.kind,
    state: r.state,
    terms: parseTerms(r.terms),
    upline: r.upline_id === null ? null : { memberId: r.upline_id, username: r.upline_username ?? '', nickname: r.upline_nickname ?? '' },
    holder: { memberId: r.member_id, username: r.holder_username, nickname: r.holder_nickname },
    terminationBy: r.termination_by,
    endReason: r.end_reason,
    offeredAt: iso(r.offered_at)!,
    acceptedAt: iso(r.accepted_at),
    endedAt: iso(r.ended_at),
  };
}

/** Live first (new, accepted, termination), then the most recent. */
const liveFirst = sql`case when c.state in ('new', 'accepted', 'termination') then 0 else 1 end`;

/**
 * A contract page's data: my contract of the kind (from my upline, or the operator's), the contracts
 * I offered of the kind, and my direct downline agents to offer to. Refused (543) when the kind's
 * flag is off.
 */
export async function contractOverview(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, kind: TContractKind): Promise<TContractOverview> {
  const db = deps.db;
  if (!(await kindEnabled(db, merchant.id, kind))) throw kindOff();
  const [mine, myOffer, offered, candidates] = await Promise.all([
    contractRows(db, merchant.id)
      .where('c.member_id', '=', agent.memberId)
      .where('c.kind', '=', kind)
      .where('c.state', '<>', 'new')
      .orderBy(liveFirst)
      .orderBy('c.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    contractRows(db, merchant.id).where('c.member_id', '=', agent.memberId).where('c.kind', '=', kind).where('c.state', '=', 'new').executeTakeFirst(),
    contractRows(db, merchant.id)
      .where('c.upline_id', '=', agent.memberId)
      .where('c.kind', '=', kind)
      .orderBy(liveFirst)
      .orderBy('c.id', 'desc')
      .limit(200)
      .execute(),
    teamOf(db, merchant.id, agent.memberId)
      .where('t.depth', '=', 1)
      .where('m.type', 'in', [...AGENT_TYPES])
      .select([
        'm.id',
        'm.username',
        'm.nickname',
        sql<boolean>`exists (select 1 from agent_contracts c where c.member_id = m.id and c.kind = ${kind} and c.state = 'new')`.as('has_offer'),
      ])
      .orderBy('m.id')
      .limit(500)
      .execute(),
  ]);
  return {
    kind,
    mine: mine ? toContract(mine) : null,
    myOffer: myOffer ? toContract(myOffer) : null,
    offered: offered.map(toContract),
    candidates: candidates.map((c) => ({ memberId: c.id, username: c.username, nickname: c.nickname, hasOffer: Boolean(c.has_offer) })),
    windowSeconds: realtimeWindowSeconds(),
  };
}

/** The contracts of a kind in `states` that `memberId` holds (`member_id`) or offered (`upline_id`), locked, in id order. */
function lockedContracts(
  trx: Transaction<DB>,
  merchantId: number,
  side: 'member_id' | 'upline_id',
  memberId: number,
  kind: TContractKind,
  states: readonly TContractState[],
) {
  return trx
    .selectFrom('agent_contracts')
    .select(['id', 'terms'])
    .where('merchant_id', '=', merchantId)
    .where(side, '=', memberId)
    .where('kind', '=', kind)
    .where('state', 'in', [...states])
    .orderBy('id')
    .forNoKeyUpdate();
}

/** The member's paid contract of a kind, locked: the cap of what it may offer. */
async function ownPaidContract(trx: Transaction<DB>, merchantId: number, memberId: number, kind: TContractKind) {
  return lockedContracts(trx, merchantId, 'member_id', memberId, kind, PAID_CONTRACT_STATES).executeTakeFirst();
}

function capProblem(offered: TContractTerms, cap: TContractTerms): string | null {
  if (offered.kind === 'dividend' && cap.kind === 'dividend' && offered.period !== cap.period) return CONTRACT_MESSAGES.periodMismatch;
  return withinCap(offered, cap) ? null : CONTRACT_MESSAGES.aboveUpline;
}

/**
 * Bilingual (BN · EN) notice in the member's messages (member_messages): the unread badge counts it.
 * Numbers in the BN half are written with Bengali digits (bengaliDigits, docs/0056).
 */
async function tell(trx: Transaction<DB>, memberId: number, title: string, body: string) {
  await trx
    .insertInto('member_messages')
    .values({ member_id: memberId, title: title.slice(0, 200), body: body.slice(0, 2000) })
    .execute();
}

const KIND_TEXT: Record<TContractKind, [string, string]> = {
  dividend: ['লভ্যাংশ', 'dividend'],
  daily: ['দৈনিক মজুরি', 'daily wage'],
  hourly: ['ঘণ্টাভিত্তিক বেতন', 'hourly salary'],
  realtime: ['তাৎক্ষণিক বেতন', 'real-time salary'],
};

/**
 * Offers a direct downline agent a contract of a kind (docs/0049). The server checks, in the
 * transaction that writes it: the kind's flag, that the target is one step below the caller and an
 * agent, that the caller holds an accepted contract of the kind and that no offered rate exceeds it
 *, and that the target has no other offer of the kind waiting (a unique index decides
 * races). An offer beside the target's paid contract renegotiates it: accepting replaces the old one.
 */
export async function offerContract(
  deps: TPlatformDeps,
  merchant: TMerchant,
  agent: TSessionAgent,
  req: TContractOfferRequest,
  ip: string,
): Promise<TContract> {
  const terms = req.terms as TContractTerms;
  const kind = terms.kind;
  if (!(await kindEnabled(deps.db, merchant.id, kind))) throw kindOff();
  const target = await downlineOf(deps.db, merchant.id, agent.memberId, req.memberId);
  if (!target) throw notInTeam();
  if (target.depth !== 1) throw fieldError('memberId', CONTRACT_MESSAGES.directOnly);
  if (!(AGENT_TYPES as readonly number[]).includes(target.type)) throw fieldError('memberId', CONTRACT_MESSAGES.notAgent);
  const now = deps.clock();
  let id: number;
  try {
    id = await inTransaction(deps.db, async (trx) => {
      const own = await ownPaidContract(trx, merchant.id, agent.memberId, kind);
      if (!own) throw conflict(CONTRACT_MESSAGES.noOwn);
      const problem = capProblem(terms, parseTerms(own.terms));
      if (problem) throw fieldError('terms', problem);
      const waiting = await trx
        .selectFrom('agent_contracts')
        .select('id')
        .where('member_id', '=', req.memberId)
        .where('kind', '=', kind)
        .where('state', '=', 'new')
        .executeTakeFirst();
      if (waiting) throw conflict(CONTRACT_MESSAGES.exists);
      const row = await trx
        .insertInto('agent_contracts')
        .values({ merchant_id: merchant.id, kind, upline_id: agent.memberId, member_id: req.memberId, terms: JSON.stringify(terms), offered_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordMemberAudit(trx, {
        merchantId: merchant.id,
        memberId: agent.memberId,
        action: 'contract.offer',
        detail: `${row.id} ${kind} to ${req.memberId}`,
        ip,
      });
      const [bn, en] = KIND_TEXT[kind];
      await tell(
        trx,
        req.memberId,
        `নতুন ${bn} চুক্তির প্রস্তাব · New ${en} contract offer`,
        `আপনার আপলাইন আপনাকে একটি ${bn} চুক্তি দিয়েছে; এজেন্ট কেন্দ্রে গ্রহণ বা প্রত্যাখ্যান করুন। · Your upline offered you a ${en} contract; accept or reject it in the agent centre.`,
      );
      return Number(row.id);
    });
  } catch (error) {
    // Two offers racing for one holder: the offer index lets one in.
    if (isUniqueViolation(error)) throw conflict(CONTRACT_MESSAGES.exists);
    throw error;
  }
  return toContract(await contractRows(deps.db, merchant.id).where('c.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Ends a contract and, below it, every live contract its holder offered of the same kind: without
 * a contract of its own the holder has no rate left to share (the cap is gone). Each holder ended
 * from above is told and audited.
 */
async function endWithCascade(trx: Transaction<DB>, merchantId: number, contractId: number, reason: 'terminated' | 'auto', now: Date): Promise<void> {
  const ended = await trx
    .updateTable('agent_contracts')
    .set({ state: 'terminated', end_reason: reason, ended_at: now, termination_by: null })
    .where('id', '=', contractId)
    .where('state', 'in', [...LIVE_CONTRACT_STATES])
    .returning(['member_id', 'kind', 'state'])
    .executeTakeFirst();
  if (!ended) return;
  for (const b of await liveContractsOffered(trx, merchantId, ended.member_id, ended.kind)) await autoTerminate(trx, merchantId, Number(b.id), now);
}

/** The live contracts of a kind that `uplineId` offered, locked, in id order. */
function liveContractsOffered(trx: Transaction<DB>, merchantId: number, uplineId: number, kind: TContractKind) {
  return lockedContracts(trx, merchantId, 'upline_id', uplineId, kind, LIVE_CONTRACT_STATES).execute();
}

/** docs/rules/agent.md#ag-10: a downline contract ended automatically; its holder is told (messages) and it is audited on the holder. */
async function autoTerminate(trx: Transaction<DB>, merchantId: number, contractId: number, now: Date): Promise<void> {
  const c = await trx.selectFrom('agent_contracts').select(['member_id', 'kind']).where('id', '=', contractId).executeTakeFirstOrThrow();
  await endWithCascade(trx, merchantId, contractId, 'auto', now);
  await recordMemberAudit(trx, { merchantId, memberId: c.member_id, action: 'contract.auto_terminated', detail: `${contractId} ${c.kind}`, ip: '' });
  const [bn, en] = KIND_TEXT[c.kind];
  await tell(
    trx,
    c.member_id,
    `${bn} চুক্তি স্বয়ংক্রিয়ভাবে শেষ · ${en} contract ended automatically`,
    `আপনার আপলাইনের নিজের চুক্তির হার আপনার হারের চেয়ে কম হয়ে যাওয়ায় আপনার ${bn} চুক্তি (#${bengaliDigits(contractId)}) স্বয়ংক্রিয়ভাবে শেষ হয়েছে। · Your ${en} contract (#${contractId}) ended automatically: your upline's own contract now pays less than yours.`,
  );
}

/**
 * One step of a contract's life (docs/rules/agent.md#ag-10), by the side allowed to take it:
 * - holder: accept or reject a new offer;
 * - upline: withdraw a new offer;
 * - either side: request termination of an accepted contract; the other side confirms (terminated)
 *   or declines (accepted again). The operator's contract of a top agent is not ended here.
 * Accepting re-checks the offering agent's cap, replaces the holder's paid contract of the kind if it
 * had one, then ends every contract the holder offered of the kind that the new terms no longer
 * cover (docs/rules/agent.md#ag-10 auto-termination; the holders told). Ending a contract otherwise ends the ones its
 * holder offered below it too (no contract, no rate to share). Audited.
 */
export async function actOnContract(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, req: TContractActRequest, ip: string): Promise<TContract> {
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    const c = await trx
      .selectFrom('agent_contracts')
      .select(['id', 'kind', 'state', 'terms', 'upline_id', 'member_id', 'termination_by'])
      .where('id', '=', req.contractId)
      .where('merchant_id', '=', merchant.id)
      .where((eb) => eb.or([eb('member_id', '=', agent.memberId), eb('upline_id', '=', agent.memberId)]))
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!c) throw notInTeam();
    const side = c.member_id === agent.memberId ? 'holder' : 'upline';
    const bad = () => conflict(CONTRACT_MESSAGES.badState);
    const id = Number(c.id);
    switch (req.action) {
      case 'accept': {
        if (side !== 'holder' || c.state !== 'new' || c.upline_id === null) throw bad();
        if (!(await kindEnabled(trx, merchant.id, c.kind))) throw kindOff();
        const terms = parseTerms(c.terms);
        const cap = await ownPaidContract(trx, merchant.id, c.upline_id, c.kind);
        if (!cap || capProblem(terms, parseTerms(cap.terms))) throw conflict(CONTRACT_MESSAGES.aboveUpline);
        // A paid contract of the kind (the one this offer renegotiates) ends now; the new one pays from now.
        await trx
          .updateTable('agent_contracts')
          .set({ state: 'terminated', end_reason: 'replaced', ended_at: now, termination_by: null })
          .where('merchant_id', '=', merchant.id)
          .where('member_id', '=', agent.memberId)
          .where('kind', '=', c.kind)
          .where('state', 'in', [...PAID_CONTRACT_STATES])
          .execute();
        await trx.updateTable('agent_contracts').set({ state: 'accepted', accepted_at: now, settled_until: now }).where('id', '=', id).execute();
        for (const b of await liveContractsOffered(trx, merchant.id, agent.memberId, c.kind))
          if (!withinCap(parseTerms(b.terms), terms)) await autoTerminate(trx, merchant.id, Number(b.id), now);
        break;
      }
      case 'reject':
        if (side !== 'holder' || c.state !== 'new') throw bad();
        await trx.updateTable('agent_contracts').set({ state: 'rejected', end_reason: 'rejected', ended_at: now }).where('id', '=', id).execute();
        break;
      case 'withdraw':
        if (side !== 'upline' || c.state !== 'new') throw bad();
        // An unanswered offer shares nothing yet: nothing below it ends.
        await trx.updateTable('agent_contracts').set({ state: 'terminated', end_reason: 'withdrawn', ended_at: now }).where('id', '=', id).execute();
        break;
      case 'terminate':
        if (c.state !== 'accepted' || c.upline_id === null) throw bad();
        await trx.updateTable('agent_contracts').set({ state: 'termination', termination_by: side }).where('id', '=', id).execute();
        break;
      case 'confirmTermination':
        if (c.state !== 'termination' || c.termination_by === side) throw bad();
        await endWithCascade(trx, merchant.id, id, 'terminated', now);
        break;
      case 'declineTermination':
        if (c.state !== 'termination' || c.termination_by === side) throw bad();
        await trx.updateTable('agent_contracts').set({ state: 'accepted', termination_by: null }).where('id', '=', id).execute();
        break;
    }
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId: agent.memberId, action: `contract.${req.action}`, detail: `${id} ${c.kind}`, ip });
  });
  return toContract(await contractRows(deps.db, merchant.id).where('c.id', '=', req.contractId).executeTakeFirstOrThrow());
}
