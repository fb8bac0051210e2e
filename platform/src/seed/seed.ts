import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  AGENT_PAGE_MODULES,
  BANNER_GROUPS,
  FEATURE_FLAGS,
  GAME_TYPES,
  MEMBER_PAGE_MODULES,
  MEMBER_TYPE,
  NON_MEMBER_TYPE,
  REGISTRATION_FIELDS,
  TRIAL_TYPE,
  encryptCsLink,
  type TFeatureFlag,
} from '@wl/schemas';
import type { DB, GamesTable } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../session/password.service.ts';
import { houseAccountId, transfer } from '../wallet/ledger.service.ts';
import { DEPOSIT_CHANNEL_PRESETS } from '../kernel/deposit-channels.ts';
import { BUILT_IN_GAMES, BUILT_IN_LOTTERY, BUILT_IN_PROVIDER, BUILT_IN_VENDOR, CATEGORY_TITLES } from '../kernel/catalogue.ts';
import { VENDOR_SEEDS, gameName } from './catalogue-data.ts';
import { DEMO_TEAM, DEMO_TEAM_USERNAMES, seedAgentTree } from './agent-tree.ts';
import { seedAgentContracts } from './agent-contracts.ts';
import { DEMO_KNOWN_IPS } from './known-ips.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';

/** Demo accounts (platform/README.md lists them). Passwords exist only here and as argon2id hashes. */
export const DEMO_ACCOUNTS = {
  member: { username: 'demo_member', password: 'Demo1234' },
  trial: { username: 'demo_trial', password: 'Trial1234' },
  agent: { username: 'demo_agent', password: 'Agent1234' },
  downline: { usernames: ['demo_down1', 'demo_down2', 'demo_down3'], password: 'Down1234' },
  operator: { username: 'demo_operator', password: 'Operator1234' },
  weak: { username: 'demo_weak', password: '123456' },
  /** A second 123456 account, so a journey can complete the forced change without touching demo_weak. */
  weak2: { username: 'demo_weak2', password: '123456' },
  house: { username: 'demo_house', password: 'House1234' },
  totp: { username: 'demo_totp', password: 'Totp1234' },
  /**
   * Funded members of their own for the game journeys and the demo traffic: each journey that moves
   * money plays on one of them, so it can run beside the others without touching demo_member's
   * balance (docs/0045).
   */
  players: { usernames: ['demo_player1', 'demo_player2', 'demo_player3', 'demo_player4'], password: 'Player1234' },
  /**
   * A second top agent under the operator, with an operator real-time salary contract and no team:
   * the contracts journey registers its downline, funds it and offers it a share (docs/0049). Not
   * in demo_agent's tree, so its team's bets pay no other seeded account and it runs beside the
   * journeys that read demo_agent's balance.
   */
  contractAgent: { username: 'demo_agent2', password: 'Agent21234' },
} as const;

/**
 * Operators of the other roles (docs/0010; demo_operator is the owner), and a second owner who
 * approves the first owner's changes of the four-eyes limits and channels (docs/0066).
 * platform/README.md lists them.
 */
export const DEMO_ROLE_OPERATORS = [
  { username: 'demo_finance', password: 'Finance1234', name: 'Demo Finance', role: 'finance' },
  { username: 'demo_support', password: 'Support1234', name: 'Demo Support', role: 'support' },
  { username: 'demo_content', password: 'Content1234', name: 'Demo Content', role: 'content' },
  { username: 'demo_owner2', password: 'Owner21234', name: 'Demo Owner Two', role: 'owner' },
] as const;

/** demo_totp's authenticator secret (base32), printed in platform/README.md for manual tests. */
export const DEMO_TOTP_SECRET = 'KRUGS4ZANFZSAZDFNVXSA5DPORYA2345';
/** demo_agent's invitation (affiliate) code. */
export const DEMO_AGENT_INVITATION_CODE = 'LUCKY8';
/** demo_member's bound contact data (second factor and SMS login). */
export const DEMO_MEMBER_CONTACT = {
  countryDialingCode: '+880',
  mobileNum: '1711000001',
  email: 'demo_member@example.test',
  bankHolderName: 'Demo Member',
} as const;
export { DEMO_KNOWN_IPS } from './known-ips.ts';
/** Re-exported for the gateway's, bench's and e2e's imports of them from here; the platform reads kernel/catalogue.ts. */
export { BUILT_IN_GAMES, BUILT_IN_LOTTERY, BUILT_IN_PROVIDER, BUILT_IN_VENDOR } from '../kernel/catalogue.ts';

/** The demo member's opening balance: ৳12,500.00 in minor units. */
export const DEMO_MEMBER_BALANCE_MINOR = 1_250_000;
/** Each demo player's opening balance (৳5,000.00). */
export const DEMO_PLAYER_BALANCE_MINOR = 500_000;
/** demo_agent2's opening balance (৳50,000.00, as demo_agent's). */
export const DEMO_CONTRACT_AGENT_BALANCE_MINOR = 5_000_000;

/** docs/rules/reach.md#r-11 feature flags with their seeded state. */
export const DEFAULT_FLAGS: Record<TFeatureFlag, boolean> = {
  MOBILENUMREG3: true,
  // Off: the username tab asks for no SMS code (the mobile tab always does; docs/0053).
  REGMOBVERF3: false,
  MOBILENUMPASSREG3: false,
  FREEPLAY3: true,
  PWDEXPFORCECHANGE3: true,
  MOBILEVERCODELOGIN3: true,
  USERNAMEREG3: true,
  CHNGPASSVERIF3: true,
  AGENTPOLICY3: true,
};

const CHUNK = 400;

// Batches keep the seed fast (PGlite in memory well under 3 s) and under the parameter limit.
async function insertGames(trx: Transaction<DB>, rows: Insertable<GamesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('games')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

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
async function refuseAutoSettlingChannels(db: Kysely<DB>): Promise<void> {
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
async function refuseLiveDemoLogins(db: Kysely<DB>, merchantId: number): Promise<void> {
  const a = DEMO_ACCOUNTS;
  const published = new Map<string, string>([
    ...[a.member, a.trial, a.agent, a.contractAgent, a.operator, a.weak, a.weak2, a.house, a.totp].map((x) => [x.username, x.password] as const),
    ...a.downline.usernames.map((u) => [u, a.downline.password] as const),
    ...DEMO_TEAM_USERNAMES.map((u) => [u, DEMO_TEAM.password] as const),
    ...DEMO_ROLE_OPERATORS.map((x) => [x.username, x.password] as const),
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

/**
 * Seeds the merchant, catalogue, content and demo accounts once (idempotent: does nothing when the
 * merchant exists). Everything is written in one transaction.
 */
export async function seed(
  db: Kysely<DB>,
  opts: { merchantCode: string; refuseDemoAccounts?: boolean; /** Called once, when there is something to seed. */ onSeeding?: () => void },
): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('merchants').select('id').where('code', '=', opts.merchantCode).executeTakeFirst();
  if (existing) {
    // A database seeded in development and started in production would keep the published logins,
    // and its simulated channel would credit members money nobody paid (docs/0065).
    if (opts.refuseDemoAccounts) {
      await refuseLiveDemoLogins(db, existing.id);
      await refuseAutoSettlingChannels(db);
    }
    return { seeded: false };
  }
  if (opts.refuseDemoAccounts) throw new DemoSeedRefusedError();
  opts.onSeeding?.();
  // Hash outside the transaction: argon2 runs on the thread pool while nothing is locked.
  const passwords = await hashAll();
  return db.transaction().execute(async (trx) => {
    // Re-check inside the transaction: another process may have seeded meanwhile (PostgreSQL).
    const again = await trx.selectFrom('merchants').select('id').where('code', '=', opts.merchantCode).executeTakeFirst();
    if (again) return { seeded: false };
    const merchantId = await seedMerchant(trx, opts.merchantCode);
    const gameIds = await seedCatalogue(trx, merchantId);
    await seedContent(trx, merchantId, gameIds);
    await seedAccounts(trx, merchantId, passwords);
    await seedDepositChannels(trx, merchantId);
    await seedBuiltInProvider(trx, merchantId);
    await seedBuiltInLottery(trx, merchantId);
    const seededAt = new Date();
    await seedAgentTree(trx, merchantId, passwords.team, seededAt);
    // Agent contracts with a week of settlements (docs/0049).
    await seedAgentContracts(trx, merchantId, seededAt);
    return { seeded: true };
  });
}

/** ৳ amounts in minor units. */
const tk = (taka: number) => taka * 100;

async function seedDepositChannels(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await trx
    .insertInto('deposit_channels')
    .values(
      DEPOSIT_CHANNEL_PRESETS.map((c, i) => ({
        merchant_id: merchantId,
        code: c.code,
        name: c.name,
        min_minor: c.min_minor,
        max_minor: c.max_minor,
        quick_amounts_minor: JSON.stringify(c.quick.map(tk)),
        auto_settle_seconds: c.auto_settle_seconds,
        sort: i,
      })),
    )
    .execute();
}

export async function seedBuiltInProvider(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await trx
    .insertInto('seamless_providers')
    .values({ merchant_id: merchantId, code: BUILT_IN_PROVIDER.code, name: BUILT_IN_PROVIDER.name, secret: randomBytes(32).toString('hex') })
    .execute();
  const vendor = await trx
    .insertInto('vendors')
    .values({
      merchant_id: merchantId,
      vassalage: BUILT_IN_VENDOR.vassalage,
      game_type: BUILT_IN_VENDOR.gameType,
      name: BUILT_IN_VENDOR.name,
      is_game: 'GAME',
      sort: VENDOR_SEEDS.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('games')
    .values(
      BUILT_IN_GAMES.map((g, k) => ({
        merchant_id: merchantId,
        vendor_id: vendor.id,
        node_id: g.nodeId,
        game_code: g.nodeId,
        game_type: g.gameType,
        vassalage: BUILT_IN_VENDOR.vassalage,
        name_en: g.nameEn,
        name_bn: g.nameBn,
        has_free_trial: true,
        is_hot: false,
        sort: k,
        engine: g.engine,
      })),
    )
    .execute();
}

export async function seedBuiltInLottery(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const { vendor, game } = BUILT_IN_LOTTERY;
  const row = await trx
    .insertInto('vendors')
    .values({
      merchant_id: merchantId,
      vassalage: vendor.vassalage,
      game_type: vendor.gameType,
      name: vendor.name,
      is_game: 'GAME',
      sort: VENDOR_SEEDS.length + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('games')
    .values({
      merchant_id: merchantId,
      vendor_id: row.id,
      node_id: game.nodeId,
      game_code: game.nodeId,
      game_type: game.gameType,
      vassalage: vendor.vassalage,
      name_en: game.nameEn,
      name_bn: game.nameBn,
      has_free_trial: true,
      is_hot: false,
      sort: 0,
      engine: game.engine,
    })
    .execute();
}

async function hashAll() {
  const a = DEMO_ACCOUNTS;
  const [member, trial, agent, contractAgent, down, operator, weak, house, totp, player, team] = await Promise.all([
    hashPassword(a.member.password),
    hashPassword(a.trial.password),
    hashPassword(a.agent.password),
    hashPassword(a.contractAgent.password),
    hashPassword(a.downline.password),
    hashPassword(a.operator.password),
    hashPassword(a.weak.password),
    hashPassword(a.house.password),
    hashPassword(a.totp.password),
    hashPassword(a.players.password),
    hashPassword(DEMO_TEAM.password),
  ]);
  return { member, trial, agent, contractAgent, down, operator, weak, house, totp, player, team };
}

async function seedMerchant(trx: Transaction<DB>, code: string): Promise<number> {
  const { id: merchantId } = await trx
    .insertInto('merchants')
    .values({
      code,
      name: 'Lucky Bazaar',
      currency: 'BDT',
      currency_symbol: '৳',
      domain_route: 'luckybazaar.example',
      main_domain: 'https://luckybazaar.example',
      gtag_id: 'G-LUCKYBAZAAR',
      // [''] means "same origin" (docs/rules/README.md#constants: a CDN is picked at random from these lists).
      image_cdns: JSON.stringify(['']),
      launch_game_cdns: JSON.stringify(['']),
      min_age: 18,
      sms_expired_minutes: 2,
      default_country_dialing_code: '+880',
      // Made by the demo seed: its channels may settle by themselves outside production (docs/0065).
      demo: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedMerchantRules(trx, merchantId);
  await trx
    .insertInto('customer_service')
    .values([
      { merchant_id: merchantId, cs_type: 'LIVECHAT', path: encryptCsLink('https://support.luckybazaar.example/chat', 'Lb7cS9qZ'), sort: 0 },
      { merchant_id: merchantId, cs_type: 'FACEBOOK', path: encryptCsLink('https://facebook.example/luckybazaar', 'Fb2kW8xR'), sort: 1 },
      { merchant_id: merchantId, cs_type: 'YOUTUBE', path: encryptCsLink('https://youtube.example/@luckybazaar', 'Yt4mN6pQ'), sort: 2 },
    ])
    .execute();
  await trx
    .insertInto('resources')
    .values([
      { merchant_id: merchantId, resource_type: 'IOS_APP', label_name_en: 'iOS app', url: 'https://apps.luckybazaar.example/ios', sort: 0 },
      { merchant_id: merchantId, resource_type: 'ANDROID_APP', label_name_en: 'Android app', url: 'https://apps.luckybazaar.example/android.apk', sort: 1 },
    ])
    .execute();
  return merchantId;
}

/**
 * What every merchant needs to serve a site, demo or real (docs/0065): the whitelabel switches with
 * their defaults (docs/rules/content.md#c-1 flags, the game categories, the member and agent centres), the
 * registration fields and their validation rules, and the countries members register from.
 */
export async function seedMerchantRules(trx: Transaction<DB>, merchantId: number): Promise<void> {
  let sort = 0;
  const node = (mod_id: string, name: string, enabled: boolean, parent_id: number | null = null) => ({
    merchant_id: merchantId,
    parent_id,
    mod_id,
    name,
    enabled,
    sort: sort++,
  });
  await trx
    .insertInto('whitelabel_nodes')
    .values([...FEATURE_FLAGS.map((f) => node(f, f, DEFAULT_FLAGS[f])), ...GAME_TYPES.map((t) => node(`GAME_${t}`, CATEGORY_TITLES[t][0], true))])
    .execute();
  const parents = await trx
    .insertInto('whitelabel_nodes')
    .values([node('MEMBERCENTER', 'Member centre', true), node('AGENTCENTER', 'Agent centre', true)])
    .returning(['id', 'mod_id'])
    .execute();
  const memberCentre = parents.find((p) => p.mod_id === 'MEMBERCENTER')!.id;
  const agentCentre = parents.find((p) => p.mod_id === 'AGENTCENTER')!.id;
  await trx
    .insertInto('whitelabel_nodes')
    .values([
      ...Object.entries(MEMBER_PAGE_MODULES).map(([page, modId]) => node(modId, page, true, memberCentre)),
      ...Object.entries(AGENT_PAGE_MODULES).map(([page, modId]) => node(modId, page, modId !== 'DIVIDEND', agentCentre)),
    ])
    .execute();

  const enabledFields = new Set(['username', 'password', 'confirmPassword', 'mobileNum', 'email', 'affiliateCode', 'verificationCode', 'payeeName']);
  const optionalFields = new Set(['payeeName', 'affiliateCode', 'email']);
  await trx
    .insertInto('registration_fields')
    .values(
      REGISTRATION_FIELDS.map((field, i) => ({
        merchant_id: merchantId,
        field,
        enabled: enabledFields.has(field),
        required: enabledFields.has(field) && !optionalFields.has(field),
        sort: i,
      })),
    )
    .execute();
  const rule = (field: string, pattern_id: string, accepted_pattern: string, min_length: number, max_length: number) => ({
    merchant_id: merchantId,
    field,
    pattern_id,
    accepted_pattern,
    min_length,
    max_length,
  });
  await trx
    .insertInto('validation_rules')
    .values([
      rule('username', 'LETTER_FIRST_ALNUM', '^[A-Za-z][A-Za-z0-9]*$', 6, 12),
      rule('password', 'DIGITS_WITH_LETTERS', '^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9]+$', 6, 20),
      rule('mobileNum', 'DIGITS_ONLY', '^[0-9]+$', 10, 10),
      rule('email', 'EMAIL', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 5, 50),
      rule('payeeName', 'ENGLISH_LETTERS_SPACES', '^[A-Za-z ]+$', 2, 40),
    ])
    .execute();
  await trx
    .insertInto('countries')
    .values([
      { merchant_id: merchantId, country_code: 'BD', country_dialing_code: '+880', sort: 0 },
      { merchant_id: merchantId, country_code: 'IN', country_dialing_code: '+91', sort: 1 },
    ])
    .execute();
}

async function seedCatalogue(trx: Transaction<DB>, merchantId: number): Promise<number[]> {
  const vendors = await trx
    .insertInto('vendors')
    .values(
      VENDOR_SEEDS.map((v, i) => ({
        merchant_id: merchantId,
        vassalage: v.vassalage,
        game_type: v.gameType,
        name: v.name,
        is_game: v.isGame,
        sort: i,
      })),
    )
    .returning(['id', 'vassalage'])
    .execute();
  const vendorId = new Map(vendors.map((v) => [v.vassalage, v.id]));
  const rows: Insertable<GamesTable>[] = [];
  let i = 0;
  for (const [vendorIndex, v] of VENDOR_SEEDS.entries()) {
    for (let k = 0; k < v.games; k++, i++) {
      const name = gameName(i, v.gameType);
      rows.push({
        merchant_id: merchantId,
        vendor_id: vendorId.get(v.vassalage)!,
        node_id: `${v.vassalage}-${String(k + 1).padStart(3, '0')}`,
        game_code: `${v.vassalage.toLowerCase()}_${k + 1}`,
        game_type: v.gameType,
        vassalage: v.vassalage,
        name_en: name.en,
        name_bn: name.bn,
        // Most games offer free play; every ninth does not, and lobbies of sports never do.
        has_free_trial: i % 9 !== 4 && v.gameType !== 'SPORTS',
        // About 30 hot games spread across categories and vendors.
        is_hot: k < 2 && (vendorIndex + k) % 3 === 0,
        sort: k,
      });
    }
  }
  await insertGames(trx, rows);
  const ids = await trx.selectFrom('games').select('id').where('merchant_id', '=', merchantId).where('is_hot', '=', true).orderBy('id').execute();
  return ids.map((r) => r.id);
}

async function seedContent(trx: Transaction<DB>, merchantId: number, hotGameIds: number[]): Promise<void> {
  const m = merchantId;
  const banners: { group_name: string; title_en: string; title_bn: string; url: string; linkage_type: 'INTERNAL' | 'EXTERNAL' | 'NONE' }[] = [
    { group_name: 'w_home', title_en: 'Welcome bonus 100%', title_bn: 'স্বাগতম বোনাস ১০০%', url: '/promotions', linkage_type: 'INTERNAL' },
    { group_name: 'w_home', title_en: 'Slots festival', title_bn: 'স্লট উৎসব', url: '/rng', linkage_type: 'INTERNAL' },
    {
      group_name: 'w_home',
      title_en: 'Follow us for daily tips',
      title_bn: 'প্রতিদিনের টিপসের জন্য আমাদের অনুসরণ করুন',
      url: 'https://facebook.example/luckybazaar',
      linkage_type: 'EXTERNAL',
    },
    { group_name: 'w_home', title_en: 'Live casino nights', title_bn: 'লাইভ ক্যাসিনো রাত', url: '/live', linkage_type: 'INTERNAL' },
  ];
  for (const g of BANNER_GROUPS) {
    if (g === 'w_home') continue;
    banners.push({ group_name: g, title_en: 'Play smart with Lucky Bazaar', title_bn: 'লাকি বাজারের সাথে বুদ্ধি করে খেলুন', url: '', linkage_type: 'NONE' });
  }
  await trx
    .insertInto('banners')
    .values(banners.map((b, i) => ({ ...b, merchant_id: m, sort: i })))
    .execute();
  await trx
    .insertInto('notices')
    .values(
      [
        [
          'Scheduled maintenance on Sunday 02:00–03:00',
          'রবিবার ০২:০০–০৩:০০ নির্ধারিত রক্ষণাবেক্ষণ',
          'Some games may be unavailable during maintenance.',
          'রক্ষণাবেক্ষণের সময় কিছু গেম বন্ধ থাকতে পারে।',
        ],
        [
          'New slot vendors added',
          'নতুন স্লট প্রদানকারী যুক্ত হয়েছে',
          'Try the new games from Coral Wave and Mango Spin.',
          'কোরাল ওয়েভ ও ম্যাঙ্গো স্পিনের নতুন গেম খেলে দেখুন।',
        ],
        ['Deposit bonus every Friday', 'প্রতি শুক্রবার ডিপোজিট বোনাস', 'Deposit on Friday and receive 10% extra.', 'শুক্রবার ডিপোজিট করুন এবং ১০% অতিরিক্ত পান।'],
        ['Play responsibly', 'দায়িত্বের সাথে খেলুন', 'Set limits and take breaks.', 'সীমা নির্ধারণ করুন এবং বিরতি নিন।'],
        [
          'Lottery results are published hourly',
          'লটারির ফলাফল প্রতি ঘণ্টায় প্রকাশিত হয়',
          'Check the results page for every draw.',
          'প্রতিটি ড্রয়ের জন্য ফলাফল পাতা দেখুন।',
        ],
      ].map(([title_en, title_bn, content_en, content_bn], i) => ({
        merchant_id: m,
        title_en: title_en!,
        title_bn: title_bn!,
        content_en: content_en!,
        content_bn: content_bn!,
        sort: i,
      })),
    )
    .execute();
  await trx
    .insertInto('popups')
    .values(
      [
        {
          execution: 'A' as const,
          promotion_type: 'PL',
          title_en: 'Your weekly rebate is ready',
          title_bn: 'আপনার সাপ্তাহিক রিবেট প্রস্তুত',
          content_en: 'Claim it in the rebate page.',
          content_bn: 'রিবেট পাতায় গিয়ে সংগ্রহ করুন।',
        },
        {
          execution: 'B' as const,
          promotion_type: 'B',
          title_en: 'Join Lucky Bazaar today',
          title_bn: 'আজই লাকি বাজারে যোগ দিন',
          content_en: 'Register and get a welcome bonus.',
          content_bn: 'নিবন্ধন করুন এবং স্বাগতম বোনাস নিন।',
        },
        {
          execution: 'F' as const,
          promotion_type: 'PU',
          title_en: 'Welcome aboard!',
          title_bn: 'স্বাগতম!',
          content_en: 'Your first deposit is doubled.',
          content_bn: 'আপনার প্রথম ডিপোজিট দ্বিগুণ হবে।',
        },
      ].map((p, i) => ({ ...p, merchant_id: m, sort: i })),
    )
    .execute();
  await trx
    .insertInto('promotions')
    .values([
      { merchant_id: m, title_en: 'Welcome bonus', title_bn: 'স্বাগতম বোনাস', promotion_type: 'DEPOSIT', sort: 0 },
      { merchant_id: m, title_en: 'Invite friends', title_bn: 'বন্ধুদের আমন্ত্রণ', promotion_type: 'REFERRAL', sort: 1 },
    ])
    .execute();
  // Seeded winner history, for vendors the platform does not run (their games are demo pages): the
  // board shows real wins of the built-in games first and fills the rest from these (docs/0039).
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const winners = Array.from({ length: 30 }, (_, i) => ({
    merchant_id: m,
    game_id: hotGameIds[i % hotGameIds.length]!,
    // Masked like the upstream: two letters, stars, last digit.
    customer_name: `${letters[(i * 7) % 26]}${letters[(i * 11 + 3) % 26]}***${(i * 3) % 10}`,
    win_amount_minor: 5_000_000 - i * 150_000 + ((i * 7919) % 9_973) * 10,
    sort: i,
  }));
  await trx.insertInto('winners').values(winners).execute();
}

async function seedAccounts(trx: Transaction<DB>, merchantId: number, h: Awaited<ReturnType<typeof hashAll>>): Promise<void> {
  const a = DEMO_ACCOUNTS;
  const base = { merchant_id: merchantId, upline_id: null, password_expires_at: null };
  // Each member gets its own random avatar key (docs/0013: avatars are not addressed by id).
  const withKey = <T extends object>(row: T) => ({ ...row, avatar_key: newAvatarKey() });
  const inserted = await trx
    .insertInto('members')
    .values(
      [
        {
          ...base,
          username: a.member.username,
          nickname: 'Demo Member',
          password_hash: h.member,
          type: MEMBER_TYPE,
          vip_label: 'VIP 3',
          vip_rank: 3,
          mobile_num: DEMO_MEMBER_CONTACT.mobileNum,
          country_dialing_code: DEMO_MEMBER_CONTACT.countryDialingCode,
          email: DEMO_MEMBER_CONTACT.email,
          bank_holder_name: DEMO_MEMBER_CONTACT.bankHolderName,
        },
        { ...base, username: a.trial.username, nickname: 'Trial Player', password_hash: h.trial, type: TRIAL_TYPE },
        {
          ...base,
          username: a.agent.username,
          nickname: 'Demo Agent',
          password_hash: h.agent,
          type: 1,
          vip_label: 'VIP 1',
          vip_rank: 1,
          invitation_code: DEMO_AGENT_INVITATION_CODE,
        },
        { ...base, username: a.contractAgent.username, nickname: 'Contract Agent', password_hash: h.contractAgent, type: 1 },
        { ...base, username: a.weak.username, nickname: 'Weak Password', password_hash: h.weak, type: MEMBER_TYPE, weak_password: true },
        { ...base, username: a.weak2.username, nickname: 'Weak Password 2', password_hash: h.weak, type: MEMBER_TYPE, weak_password: true },
        { ...base, username: a.house.username, nickname: 'House', password_hash: h.house, type: NON_MEMBER_TYPE },
        { ...base, username: a.totp.username, nickname: 'Totp Member', password_hash: h.totp, type: MEMBER_TYPE, totp_secret: DEMO_TOTP_SECRET },
        ...a.players.usernames.map((username, i) => ({ ...base, username, nickname: `Player ${i + 1}`, password_hash: h.player, type: MEMBER_TYPE })),
      ].map(withKey),
    )
    .returning(['id', 'username'])
    .execute();
  const agentId = inserted.find((r) => r.username === a.agent.username)!.id;
  // demo_member joined through demo_agent: its upline, which it can transfer to (transferUpline).
  await trx.updateTable('members').set({ upline_id: agentId }).where('merchant_id', '=', merchantId).where('username', '=', a.member.username).execute();
  const knownIpOwners: string[] = [
    a.member.username,
    a.agent.username,
    a.contractAgent.username,
    a.weak.username,
    a.weak2.username,
    a.house.username,
    a.totp.username,
    ...a.players.usernames,
  ];
  await trx
    .insertInto('member_known_ips')
    .values(inserted.filter((r) => knownIpOwners.includes(r.username)).flatMap((r) => DEMO_KNOWN_IPS.map((ip) => ({ member_id: r.id, ip }))))
    .execute();
  const downs = await trx
    .insertInto('members')
    .values(
      a.downline.usernames.map((username, i) => ({
        ...base,
        username,
        nickname: `Downline ${i + 1}`,
        password_hash: h.down,
        type: MEMBER_TYPE,
        upline_id: agentId,
        avatar_key: newAvatarKey(),
      })),
    )
    .returning(['id', 'username'])
    .execute();
  await trx
    .insertInto('operators')
    .values({ merchant_id: merchantId, username: a.operator.username, name: 'Demo Operator', password_hash: h.operator })
    .execute();
  const roleHashes = await Promise.all(DEMO_ROLE_OPERATORS.map((o) => hashPassword(o.password)));
  await trx
    .insertInto('operators')
    .values(DEMO_ROLE_OPERATORS.map((o, i) => ({ merchant_id: merchantId, username: o.username, name: o.name, role: o.role, password_hash: roleHashes[i]! })))
    .execute();

  await trx.insertInto('ledger_accounts').values({ merchant_id: merchantId, member_id: null, kind: 'house', currency: 'BDT' }).execute();
  const wallets = await trx
    .insertInto('ledger_accounts')
    .values([...inserted, ...downs].map((r) => ({ merchant_id: merchantId, member_id: r.id, kind: 'member_wallet' as const, currency: 'BDT' })))
    .returning(['id', 'member_id'])
    .execute();
  const house = (await houseAccountId(trx, merchantId))!;
  const memberId = inserted.find((r) => r.username === a.member.username)!.id;
  const wallet = wallets.find((w) => w.member_id === memberId)!.id;
  await transfer(trx, {
    from: house,
    to: wallet,
    amountMinor: DEMO_MEMBER_BALANCE_MINOR,
    owner: { kind: 'system', id: 0 },
    idempotencyKey: `seed:${merchantId}:demo_member:opening`,
    kind: 'seed_credit',
  });
  for (const username of a.players.usernames) {
    const id = inserted.find((r) => r.username === username)!.id;
    const to = wallets.find((w) => w.member_id === id)!.id;
    await transfer(trx, {
      from: house,
      to,
      amountMinor: DEMO_PLAYER_BALANCE_MINOR,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: `seed:${merchantId}:${username}:opening`,
      kind: 'seed_credit',
    });
  }
  const contractAgentId = inserted.find((r) => r.username === a.contractAgent.username)!.id;
  const contractAgentWallet = wallets.find((w) => w.member_id === contractAgentId)!.id;
  await transfer(trx, {
    from: house,
    to: contractAgentWallet,
    amountMinor: DEMO_CONTRACT_AGENT_BALANCE_MINOR,
    owner: { kind: 'system', id: 0 },
    idempotencyKey: `seed:${merchantId}:${a.contractAgent.username}:opening`,
    kind: 'seed_credit',
  });
}
