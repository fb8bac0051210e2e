import { sql, type Transaction } from 'kysely';
import { MEMBER_TYPE } from '@wl/schemas';
import { DEMO_KNOWN_IPS } from './known-ips.ts';
import type { DB } from '../db/schema.ts';
import { accountFor, houseAccountId, transfer, type TLedgerOwner } from '../wallet/ledger.service.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';

/**
 * demo_agent's demo tree (docs/0046): three sub-agents (two direct, one under the
 * first) with members of their own, several levels deep, and a week of deposits, withdrawals and
 * slot bets through the ledger, so a fresh install shows a team overview with a chart. Every
 * generated account shares one password (hashed once: argon2 is the seed's costly part).
 */
export const DEMO_TEAM = {
  password: 'Team1234',
  /** Sub-agents (type 2): [username, nickname, upline username]. Each opens with DEMO_SUB_AGENT_BALANCE_MINOR. */
  subAgents: [
    ['demo_sub1', 'Sub-agent Rahim', 'demo_agent'],
    ['demo_sub2', 'Sub-agent Karim', 'demo_agent'],
    ['demo_sub3', 'Sub-agent Nasrin', 'demo_sub1'],
  ],
  /** Generated members: [prefix, count, upline username]. */
  members: [
    ['team_a', 5, 'demo_sub1'],
    ['team_b', 4, 'demo_sub2'],
    ['team_c', 3, 'demo_sub3'],
  ],
} as const;

/** Every username DEMO_TEAM creates (the production check refuses them while their password is live). */
export const DEMO_TEAM_USERNAMES: readonly string[] = [
  ...DEMO_TEAM.subAgents.map(([u]) => u),
  ...DEMO_TEAM.members.flatMap(([prefix, count]) => Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`)),
];

/** The sub-agents' and demo_agent's opening balance (৳50,000.00). */
export const DEMO_SUB_AGENT_BALANCE_MINOR = 5_000_000;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small deterministic generator (the same history on every fresh install). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type TEvent = { at: number; memberId: number; kind: 'deposit' | 'withdraw' | 'bet'; amount: number; win: number };

/**
 * Creates the tree under demo_agent and its history. Runs inside the seed's transaction after the
 * accounts and the built-in provider exist; `now` anchors the week.
 */
export async function seedAgentTree(trx: Transaction<DB>, merchantId: number, passwordHash: string, now: Date): Promise<void> {
  const merchant = await trx.selectFrom('merchants').select(['id', 'currency']).where('id', '=', merchantId).executeTakeFirstOrThrow();
  const idOf = new Map(
    (await trx.selectFrom('members').select(['id', 'username']).where('merchant_id', '=', merchantId).where('username', '=', 'demo_agent').execute()).map(
      (r) => [r.username as string, r.id],
    ),
  );
  const base = { merchant_id: merchantId, password_expires_at: null, password_hash: passwordHash, first_time_login: false };
  const rnd = random(20_260_101);
  // Registration times spread over the last two weeks: the overview's "new members" has something to count.
  const joined = (i: number) => new Date(now.getTime() - (14 - (i % 14)) * DAY + Math.floor(rnd() * 10) * HOUR);
  let n = 0;
  for (const [username, nickname, upline] of DEMO_TEAM.subAgents) {
    const row = await trx
      .insertInto('members')
      .values({
        ...base,
        username,
        nickname,
        type: 2,
        upline_id: idOf.get(upline)!,
        invitation_code: `TEAM${username.slice(-1)}`,
        avatar_key: newAvatarKey(),
        created_at: joined(n++),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idOf.set(username, row.id);
    // Like demo_agent: a local browser is not a new IP for the sub-agents (they log in in the journeys).
    await trx
      .insertInto('member_known_ips')
      .values(DEMO_KNOWN_IPS.map((ip) => ({ member_id: row.id, ip })))
      .execute();
  }
  const players: number[] = [];
  const joinedAt = new Map<number, number>();
  for (const [prefix, count, upline] of DEMO_TEAM.members) {
    const rows = await trx
      .insertInto('members')
      .values(
        Array.from({ length: count }, (_, i) => ({
          ...base,
          username: `${prefix}${String(i + 1).padStart(2, '0')}`,
          nickname: `${prefix.slice(-1).toUpperCase()}-Player ${i + 1}`,
          type: MEMBER_TYPE,
          upline_id: idOf.get(upline)!,
          avatar_key: newAvatarKey(),
          created_at: joined(n++),
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    for (const r of rows) joinedAt.set(r.id, new Date(r.created_at).getTime());
    players.push(...rows.map((r) => r.id));
  }
  const agents = [idOf.get('demo_agent')!, ...DEMO_TEAM.subAgents.map(([u]) => idOf.get(u)!)];
  await trx
    .insertInto('ledger_accounts')
    .values(
      [...agents.slice(1), ...players].map((memberId) => ({
        merchant_id: merchantId,
        member_id: memberId,
        kind: 'member_wallet' as const,
        currency: merchant.currency,
      })),
    )
    .execute();

  const house = (await houseAccountId(trx, merchantId))!;
  const system: TLedgerOwner = { kind: 'system', id: 0 };
  for (const agentId of agents) {
    const wallet = await accountFor(trx, merchant, 'member_wallet', { memberId: agentId });
    await transfer(trx, {
      from: house,
      to: wallet,
      amountMinor: DEMO_SUB_AGENT_BALANCE_MINOR,
      owner: system,
      idempotencyKey: `seed:${merchantId}:agent:${agentId}:opening`,
      kind: 'seed_credit',
    });
  }

  // A week of play: each day a member may deposit, bet a few times on the built-in slot (wins
  // sometimes) and now and then withdraw. Generated in time order so balances never go below zero.
  const events: TEvent[] = [];
  for (const memberId of players) {
    for (let day = 6; day >= 0; day--) {
      const dayStart = now.getTime() - day * DAY - 20 * HOUR;
      if (rnd() < 0.6)
        events.push({ at: dayStart + Math.floor(rnd() * 2 * HOUR), memberId, kind: 'deposit', amount: (5 + Math.floor(rnd() * 46)) * 10_000, win: 0 });
      const bets = Math.floor(rnd() * 4);
      for (let b = 0; b < bets; b++) {
        const stake = (1 + Math.floor(rnd() * 20)) * 1_000;
        const win = rnd() < 0.4 ? Math.floor(stake * (0.5 + rnd() * 3)) : 0;
        events.push({ at: dayStart + 3 * HOUR + Math.floor(rnd() * 15 * HOUR), memberId, kind: 'bet', amount: stake, win });
      }
      if (rnd() < 0.15) events.push({ at: dayStart + 19 * HOUR, memberId, kind: 'withdraw', amount: (2 + Math.floor(rnd() * 8)) * 10_000, win: 0 });
    }
  }
  // Nobody plays before registering.
  events.splice(0, events.length, ...events.filter((e) => e.at > joinedAt.get(e.memberId)!));
  events.sort((a, b) => a.at - b.at);
  const provider = await trx
    .selectFrom('seamless_providers')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', 'WLG')
    .executeTakeFirstOrThrow();
  const providerAccount = await accountFor(trx, merchant, 'provider', { code: 'WLG' });
  const clearing = await accountFor(trx, merchant, 'deposit_clearing');
  const payout = await accountFor(trx, merchant, 'withdrawal_payout');
  const balance = new Map<number, number>();
  // Each member's wallet and withdrawal hold, looked up once (the seed's time is mostly round trips).
  const walletOf = new Map(
    (await trx.selectFrom('ledger_accounts').select(['id', 'member_id']).where('member_id', 'in', players).where('kind', '=', 'member_wallet').execute()).map(
      (r) => [r.member_id!, r.id],
    ),
  );
  const holdOf = new Map<number, number>();
  const times: [number, Date][] = [];
  for (const [i, e] of events.entries()) {
    const wallet = walletOf.get(e.memberId)!;
    const have = balance.get(e.memberId) ?? 0;
    const at = new Date(e.at);
    const key = `seed-${merchantId}-${i}`;
    if (e.kind === 'deposit') {
      times.push([
        (
          await transfer(trx, {
            from: clearing,
            to: wallet,
            amountMinor: e.amount,
            owner: system,
            idempotencyKey: `deposit:${key}`,
            kind: 'deposit',
            meta: { seed: true },
          })
        ).transactionId,
        at,
      ]);
      balance.set(e.memberId, have + e.amount);
    } else if (e.kind === 'withdraw') {
      if (have < e.amount) continue;
      const hold = holdOf.get(e.memberId) ?? (await accountFor(trx, merchant, 'member_withdrawal_hold', { memberId: e.memberId }));
      holdOf.set(e.memberId, hold);
      times.push([
        (
          await transfer(trx, {
            from: wallet,
            to: hold,
            amountMinor: e.amount,
            owner: { kind: 'member', id: e.memberId },
            idempotencyKey: `withdraw:${key}`,
            kind: 'withdraw_hold',
            meta: { seed: true },
          })
        ).transactionId,
        at,
      ]);
      times.push([
        (
          await transfer(trx, {
            from: hold,
            to: payout,
            amountMinor: e.amount,
            owner: system,
            idempotencyKey: `withdrawal:${key}:pay`,
            kind: 'withdraw_payout',
            meta: { seed: true },
          })
        ).transactionId,
        new Date(e.at + HOUR),
      ]);
      balance.set(e.memberId, have - e.amount);
    } else {
      if (have < e.amount) continue;
      // As the built-in slot writes them (docs/0039): the provider's key and the vendor in meta.code.
      const meta = { code: 'WLG', game: 'WLG_SLOT_BENGAL', round: key };
      const owner: TLedgerOwner = { kind: 'provider', id: provider.id };
      times.push([
        (await transfer(trx, { from: wallet, to: providerAccount, amountMinor: e.amount, owner, idempotencyKey: `bet:${key}`, kind: 'bet', meta }))
          .transactionId,
        at,
      ]);
      let after = have - e.amount;
      if (e.win > 0) {
        times.push([
          (await transfer(trx, { from: providerAccount, to: wallet, amountMinor: e.win, owner, idempotencyKey: `win:${key}`, kind: 'win', meta }))
            .transactionId,
          new Date(e.at + 2_000),
        ]);
        after += e.win;
      }
      balance.set(e.memberId, after);
    }
  }
  // The ledger stamps now(); the history belongs to its day (one statement per table).
  for (let i = 0; i < times.length; i += 1_000) {
    const values = sql.join(times.slice(i, i + 1_000).map(([id, at]) => sql`(${id}::integer, ${at.toISOString()}::timestamptz)`));
    await sql`update ledger_transactions t set created_at = v.at from (values ${values}) as v(id, at) where t.id = v.id`.execute(trx);
    await sql`update ledger_entries e set created_at = v.at from (values ${values}) as v(id, at) where e.transaction_id = v.id`.execute(trx);
  }
}
