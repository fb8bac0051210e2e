import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { verifyPassword } from '../session/password.service.ts';
import { DEMO_TEAM, DEMO_TEAM_USERNAMES } from './agent-tree.ts';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from './demo-accounts.ts';
import { DEMO2_ACCOUNTS } from './second-brand.ts';

/*
 * What a production start refuses (docs/0065): seeding the demo at all, demo logins that still open
 * with their published passwords, and deposit channels that settle by themselves.
 */

/** A production start found an empty database: seeding would create accounts whose passwords are published. */
export class DemoSeedRefusedError extends Error {
  constructor() {
    super(
      'NODE_ENV=production: refusing to seed the demo accounts (their passwords are published in the README); create the merchant first with `pnpm merchant:create --code <CODE> --owner <username>` (README, docs/0065)',
    );
    this.name = 'DemoSeedRefusedError';
  }
}

/** A production start found demo accounts that still open with their published password. */
export class DemoLoginsLiveError extends Error {
  constructor(usernames: string[]) {
    super(`NODE_ENV=production: demo accounts still log in with their published passwords (${usernames.join(', ')}); change or remove them first`);
    this.name = 'DemoLoginsLiveError';
  }
}

/** A production start found deposit channels that settle by themselves: members would credit themselves money nobody paid. */
export class AutoSettleChannelsError extends Error {
  constructor(channels: string[]) {
    super(
      `NODE_ENV=production: deposit channels settle by themselves (${channels.join(', ')}); a production merchant takes deposits an operator approves. Clear their auto-settle seconds or disable them in a development start first (docs/0065)`,
    );
    this.name = 'AutoSettleChannelsError';
  }
}

/** Throws AutoSettleChannelsError when any channel of any merchant of the database has auto_settle_seconds set (docs/0065). */
export async function refuseAutoSettlingChannels(db: Kysely<DB>): Promise<void> {
  const rows = await db
    .selectFrom('deposit_channels')
    .innerJoin('merchants', 'merchants.id', 'deposit_channels.merchant_id')
    .select(['merchants.code as merchant', 'deposit_channels.code', 'deposit_channels.name', 'deposit_channels.auto_settle_seconds'])
    .where('deposit_channels.auto_settle_seconds', 'is not', null)
    .orderBy('merchants.code')
    .orderBy('deposit_channels.code')
    .execute();
  if (rows.length > 0) throw new AutoSettleChannelsError(rows.map((r) => `"${r.name}" (${r.code}) of ${r.merchant}, after ${r.auto_settle_seconds} s`));
}

/** Throws DemoLoginsLiveError when any demo member or operator of the merchant still has its README password. */
export async function refuseLiveDemoLogins(db: Kysely<DB>, merchantId: number): Promise<void> {
  const a = DEMO_ACCOUNTS;
  const published = new Map<string, string>([
    ...[a.member, a.trial, a.agent, a.contractAgent, a.operator, a.weak, a.weak2, a.house, a.totp].map((x) => [x.username, x.password] as const),
    ...a.downline.usernames.map((u) => [u, a.downline.password] as const),
    ...DEMO_TEAM_USERNAMES.map((u) => [u, DEMO_TEAM.password] as const),
    ...DEMO_ROLE_OPERATORS.map((x) => [x.username, x.password] as const),
    // The second brand's own (docs/0131); its demo_member and demo_operator share the names above.
    [DEMO2_ACCOUNTS.only.username, DEMO2_ACCOUNTS.only.password],
  ]);
  const usernames = [...published.keys()];
  const [members, operators] = await Promise.all([
    db.selectFrom('members').select(['username', 'password_hash']).where('merchant_id', '=', merchantId).where('username', 'in', usernames).execute(),
    db.selectFrom('operators').select(['username', 'password_hash']).where('merchant_id', '=', merchantId).where('username', 'in', usernames).execute(),
  ]);
  const live: string[] = [];
  for (const row of [...members, ...operators]) {
    if (await verifyPassword(row.password_hash, published.get(row.username)!)) live.push(row.username);
  }
  if (live.length > 0) throw new DemoLoginsLiveError(live);
}
