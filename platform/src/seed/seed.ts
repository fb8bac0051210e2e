import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { seedAgentTree } from './agent-tree.ts';
import { seedAgentContracts } from './agent-contracts.ts';
import { seedBuiltInLottery, seedBuiltInProvider, seedCatalogue } from './catalogue.ts';
import { seedContent } from './content.ts';
import { seedHelpSections } from '../content/help.service.ts';
import { hashDemoPasswords, seedDemoAccounts, type TDemoPasswordHashes } from './demo-accounts.ts';
import { seedRewards } from './rewards.ts';
import { seedPoints } from './points.ts';
import { seedMissions } from './missions.ts';
import { seedTickets } from './tickets.ts';
import { insertDepositChannels, seedDemoMerchant } from './merchant.ts';
import { DemoSeedRefusedError, refuseAutoSettlingChannels, refuseLiveDemoLogins } from './production-guard.ts';
import { DEMO2_BRAND, hashSecondBrandPasswords, seedSecondBrand } from './second-brand.ts';

/*
 * The demo seed (docs/0065): the merchant and its rules (merchant.ts), the catalogue and the built-in
 * games (catalogue.ts), content (content.ts), the demo accounts and their money (demo-accounts.ts),
 * demo_agent's team and contracts (agent-tree.ts, agent-contracts.ts), and a second brand of the
 * same deployment (second-brand.ts, docs/0131); what a production start refuses is in
 * production-guard.ts.
 */

export {
  DEMO_ACCOUNTS,
  DEMO_AGENT_INVITATION_CODE,
  DEMO_CONTRACT_AGENT_BALANCE_MINOR,
  DEMO_MEMBER_BALANCE_MINOR,
  DEMO_MEMBER_CONTACT,
  DEMO_PLAYER_BALANCE_MINOR,
  DEMO_ROLE_OPERATORS,
  DEMO_TOTP_SECRET,
} from './demo-accounts.ts';
export { DEMO_KNOWN_IPS } from './known-ips.ts';
export { DEMO2_ACCOUNTS, DEMO2_BRAND, DEMO2_MEMBER_BALANCE_MINOR, DEMO2_ONLY_MEMBER_BALANCE_MINOR } from './second-brand.ts';
export { DEFAULT_FLAGS } from './merchant.ts';
export { AutoSettleChannelsError, DemoLoginsLiveError, DemoSeedRefusedError } from './production-guard.ts';
/** Re-exported for the gateway's, bench's and e2e's imports of them from here; the platform reads kernel/catalogue.ts. */
export { BUILT_IN_GAMES, BUILT_IN_LOTTERY, BUILT_IN_PROVIDER, BUILT_IN_VENDOR } from '../kernel/catalogue.ts';

/**
 * Seeds the merchant, catalogue, content and demo accounts once (idempotent: does nothing when the
 * merchant exists), everything in one transaction; then the second brand DEMO2 once, in a
 * transaction of its own (second-brand.ts), so a database seeded before it gets it at its next
 * start. Only beside a demo merchant: a real merchant's database never gets demo accounts.
 * `seeded`: whether this run wrote anything.
 */
export async function seed(
  db: Kysely<DB>,
  opts: {
    merchantCode: string;
    refuseDemoAccounts?: boolean;
    /** Called once, when there is something to seed. */
    onSeeding?: () => void;
    /** The demo passwords' hashes, made once by a caller that seeds many databases (tests); else hashed here. */
    passwords?: TDemoPasswordHashes;
  },
): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('merchants').select(['id', 'demo']).where('code', '=', opts.merchantCode).executeTakeFirst();
  if (existing) {
    // A database seeded in development and started in production would keep the published logins,
    // and its simulated channel would credit members money nobody paid (docs/0065).
    if (opts.refuseDemoAccounts) {
      // The second brand's logins too (docs/0131): a production start refuses any merchant's.
      const second = await db.selectFrom('merchants').select('id').where('code', '=', DEMO2_BRAND.code).executeTakeFirst();
      for (const m of [existing, ...(second && second.id !== existing.id ? [second] : [])]) await refuseLiveDemoLogins(db, m.id);
      await refuseAutoSettlingChannels(db);
      return { seeded: false };
    }
    if (existing.demo && opts.merchantCode !== DEMO2_BRAND.code) {
      const added = await seedSecondBrand(db, async () => {
        opts.onSeeding?.();
        return opts.passwords ?? (await hashSecondBrandPasswords());
      });
      if (added) return { seeded: true };
    }
    return { seeded: false };
  }
  if (opts.refuseDemoAccounts) throw new DemoSeedRefusedError();
  opts.onSeeding?.();
  // Hash outside the transaction: argon2 runs on the thread pool while nothing is locked.
  const passwords = opts.passwords ?? (await hashDemoPasswords());
  const seeded = await seedDefaultDemo(db, opts.merchantCode, passwords);
  if (opts.merchantCode !== DEMO2_BRAND.code) await seedSecondBrand(db, passwords);
  return seeded;
}

/** The default demo merchant and everything of it, in one transaction. */
async function seedDefaultDemo(db: Kysely<DB>, merchantCode: string, passwords: TDemoPasswordHashes): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    // Re-check inside the transaction: another process may have seeded meanwhile (PostgreSQL).
    const again = await trx.selectFrom('merchants').select('id').where('code', '=', merchantCode).executeTakeFirst();
    if (again) return { seeded: false };
    const merchantId = await seedDemoMerchant(trx, merchantCode);
    const gameIds = await seedCatalogue(trx, merchantId);
    await seedContent(trx, merchantId, gameIds);
    const { name } = await trx.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow();
    await seedHelpSections(trx, merchantId, name);
    await seedRewards(trx, merchantId);
    await seedPoints(trx, merchantId);
    // Rules start at seeding: the demo's past (its agent tree's settlements) earns no tickets.
    await seedTickets(trx, merchantId, new Date());
    await seedDemoAccounts(trx, merchantId, passwords);
    // Missions and leaderboards (docs/0119), created by the demo owner.
    await seedMissions(trx, merchantId);
    await insertDepositChannels(trx, merchantId);
    await seedBuiltInProvider(trx, merchantId);
    await seedBuiltInLottery(trx, merchantId);
    const seededAt = new Date();
    await seedAgentTree(trx, merchantId, passwords.team, seededAt);
    // Agent contracts with a week of settlements (docs/0049).
    await seedAgentContracts(trx, merchantId, seededAt);
    return { seeded: true };
  });
}
