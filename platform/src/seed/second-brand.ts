import { BANNER_GROUPS, MEMBER_TYPE, type TBrandPalette } from '@wl/schemas';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { seedHelpSections } from '../content/help.service.ts';
import { newAvatarKey } from '../kernel/member-keys.ts';
import { hashPassword } from '../session/password.service.ts';
import { houseAccountId, transfer } from '../wallet/ledger.service.ts';
import { seedBuiltInLottery, seedBuiltInProvider } from './catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from './demo-accounts.ts';
import { DEMO_KNOWN_IPS } from './known-ips.ts';
import { insertDepositChannels, insertInMerchantOrder, NEW_MERCHANT_ROW, seedMerchantRules } from './merchant.ts';

/*
 * The demo's second brand (docs/0131): another merchant of the same deployment, reached at the host
 * `localhost` while every other host (127.0.0.1 included, which the journeys use) serves the default
 * merchant. It is made of the pieces `pnpm merchant:create` writes for a real merchant (rules, help
 * texts, the built-in games and their provider, the deposit channels) plus what a demo needs: the
 * demo flag, the simulated channel switched on as the default demo's, content of its own and three
 * accounts. Nothing of the default demo's rewards, agent tree or catalogue: the daily jobs find
 * nothing of it to figure beyond its two members.
 */

/** The second brand: its code, name, palette and the host names that reach it (README, docs/0131). */
export const DEMO2_BRAND = { code: 'DEMO2', name: 'Shapla Play', palette: 'emerald' satisfies TBrandPalette, hosts: ['localhost'] } as const;

/**
 * Its accounts (README lists them), with the default demo's passwords: a demo_member of its own (the
 * same username as the default brand's, another member), one that exists only here, and the owner.
 */
export const DEMO2_ACCOUNTS = {
  member: { username: DEMO_ACCOUNTS.member.username, password: DEMO_ACCOUNTS.member.password },
  only: { username: 'demo2_member', password: DEMO_ACCOUNTS.member.password },
  operator: { username: DEMO_ACCOUNTS.operator.username, password: DEMO_ACCOUNTS.operator.password },
} as const;

/** demo_member's opening balance in the second brand: ৳2,500.00 (the default brand's is ৳12,500.00). */
export const DEMO2_MEMBER_BALANCE_MINOR = 250_000;
/** demo2_member's opening balance: ৳1,000.00. */
export const DEMO2_ONLY_MEMBER_BALANCE_MINOR = 100_000;

/** The argon2id hashes the second brand needs; the demo seed passes those it made already. */
export type TSecondBrandHashes = { member: string; operator: string };

/** Hashes the second brand's two passwords (a start that finds the default demo seeded already). */
export async function hashSecondBrandPasswords(): Promise<TSecondBrandHashes> {
  const [member, operator] = await Promise.all([hashPassword(DEMO2_ACCOUNTS.member.password), hashPassword(DEMO2_ACCOUNTS.operator.password)]);
  return { member, operator };
}

/**
 * Seeds the second brand once, in a transaction of its own: nothing when DEMO2 exists. A host of its
 * list another merchant holds already stays with that merchant. Answers whether it seeded.
 */
export async function seedSecondBrand(db: Kysely<DB>, hashes: TSecondBrandHashes | (() => Promise<TSecondBrandHashes>)): Promise<boolean> {
  const exists = async (q: Kysely<DB>) => (await q.selectFrom('merchants').select('id').where('code', '=', DEMO2_BRAND.code).executeTakeFirst()) !== undefined;
  if (await exists(db)) return false;
  // Hash outside the transaction: argon2 runs on the thread pool while nothing is locked.
  const h = typeof hashes === 'function' ? await hashes() : hashes;
  return db.transaction().execute(async (trx) => {
    // Re-check inside the transaction: another process may have seeded meanwhile (PostgreSQL).
    if (await exists(trx)) return false;
    const { id: merchantId } = await trx
      .insertInto('merchants')
      .values({
        ...NEW_MERCHANT_ROW,
        code: DEMO2_BRAND.code,
        name: DEMO2_BRAND.name,
        palette: DEMO2_BRAND.palette,
        domain_route: 'shaplaplay.example',
        main_domain: 'https://shaplaplay.example',
        gtag_id: '',
        // Made by the demo seed: its simulated channel settles by itself outside production (docs/0065).
        demo: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('merchant_hosts')
      .values(DEMO2_BRAND.hosts.map((host) => ({ host, merchant_id: merchantId })))
      .onConflict((oc) => oc.column('host').doNothing())
      .execute();
    await seedMerchantRules(trx, merchantId);
    await seedHelpSections(trx, merchantId, DEMO2_BRAND.name);
    await seedBuiltInProvider(trx, merchantId);
    await seedBuiltInLottery(trx, merchantId);
    // Every preset, the simulated channel switched on, as the default demo's.
    await insertDepositChannels(trx, merchantId);
    await seedSecondBrandContent(trx, merchantId);
    await seedSecondBrandAccounts(trx, merchantId, h);
    await grantSharedOperators(trx, merchantId);
    return true;
  });
}

/** The operators of the default demo who work for this brand too (docs/0135): its content team. */
export const DEMO2_SHARED_OPERATORS = [DEMO_ROLE_OPERATORS.find((o) => o.role === 'content')!] as const;

/** Grants the shared operators this brand, in their roles, when the default demo has them. */
async function grantSharedOperators(trx: Transaction<DB>, merchantId: number): Promise<void> {
  for (const shared of DEMO2_SHARED_OPERATORS) {
    const op = await trx
      .selectFrom('operators')
      .select('id')
      .where('username', '=', shared.username)
      .where('merchant_id', '<>', merchantId)
      .orderBy('id')
      .executeTakeFirst();
    if (op)
      await trx
        .insertInto('operator_brands')
        .values({ operator_id: op.id, merchant_id: merchantId, role: shared.role, username_key: shared.username })
        .execute();
  }
}

/** Its home banners, announcements (the marquee shows the newest five) and nothing else. */
async function seedSecondBrandContent(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const banners: { group_name: string; title_en: string; title_bn: string; url: string; linkage_type: 'INTERNAL' | 'EXTERNAL' | 'NONE' }[] = [
    { group_name: 'w_home', title_en: 'Shapla Play: fresh games daily', title_bn: 'শাপলা প্লে: প্রতিদিন নতুন খেলা', url: '/rng', linkage_type: 'INTERNAL' },
    { group_name: 'w_home', title_en: 'Crash rocket: cash out in time', title_bn: 'ক্র্যাশ রকেট: সময়মতো ক্যাশ আউট', url: '/rng', linkage_type: 'INTERNAL' },
    { group_name: 'w_home', title_en: 'Hourly lottery draws', title_bn: 'প্রতি ঘণ্টায় লটারির ড্র', url: '/lottery', linkage_type: 'INTERNAL' },
  ];
  for (const g of BANNER_GROUPS) {
    if (g === 'w_home') continue;
    banners.push({ group_name: g, title_en: 'Bloom with Shapla Play', title_bn: 'শাপলা প্লের সাথে ফুটে উঠুন', url: '', linkage_type: 'NONE' });
  }
  await insertInMerchantOrder(trx, 'banners', merchantId, banners);
  const now = Date.now();
  const notices: [string, string, string, string][] = [
    ['Welcome to Shapla Play', 'শাপলা প্লেতে স্বাগতম', 'A new brand with the games you know.', 'পরিচিত খেলা নিয়ে একটি নতুন ব্র্যান্ড।'],
    ['Lottery every hour', 'প্রতি ঘণ্টায় লটারি', 'Pick your numbers before each draw closes.', 'প্রতিটি ড্র বন্ধ হওয়ার আগে আপনার সংখ্যা বেছে নিন।'],
    ['Deposit with bKash or Nagad', 'বিকাশ বা নগদে ডিপোজিট করুন', 'Your deposit arrives within minutes.', 'আপনার ডিপোজিট কয়েক মিনিটের মধ্যে পৌঁছায়।'],
    ['Play within your limits', 'নিজের সীমার মধ্যে খেলুন', 'Set a daily limit in the member centre.', 'সদস্য কেন্দ্রে একটি দৈনিক সীমা নির্ধারণ করুন।'],
    ['Support around the clock', 'দিনরাত সহায়তা', 'Write to us whenever you need help.', 'সাহায্য দরকার হলে যেকোনো সময় আমাদের লিখুন।'],
  ];
  await insertInMerchantOrder(
    trx,
    'notices',
    merchantId,
    notices.map(([title_en, title_bn, content_en, content_bn], i) => ({
      title_en,
      title_bn,
      content_en,
      content_bn,
      published_at: new Date(now - i * 86_400_000),
      audience: 'all' as const,
    })),
  );
}

/** demo_member and demo2_member with their wallets and opening balances (through the ledger), and the owner. */
async function seedSecondBrandAccounts(trx: Transaction<DB>, merchantId: number, h: TSecondBrandHashes): Promise<void> {
  const a = DEMO2_ACCOUNTS;
  const base = { merchant_id: merchantId, upline_id: null, password_expires_at: null, password_hash: h.member, type: MEMBER_TYPE };
  const members = await trx
    .insertInto('members')
    .values([
      { ...base, username: a.member.username, nickname: 'Shapla Member', avatar_key: newAvatarKey() },
      { ...base, username: a.only.username, nickname: 'Shapla Two', avatar_key: newAvatarKey() },
    ])
    .returning(['id', 'username'])
    .execute();
  // A local browser is never a "new IP" for them either.
  await trx
    .insertInto('member_known_ips')
    .values(members.flatMap((m) => DEMO_KNOWN_IPS.map((ip) => ({ member_id: m.id, ip }))))
    .execute();
  await trx
    .insertInto('operators')
    .values({ merchant_id: merchantId, username: a.operator.username, name: 'Shapla Owner', role: 'owner', password_hash: h.operator })
    .execute();
  await trx.insertInto('ledger_accounts').values({ merchant_id: merchantId, member_id: null, kind: 'house', currency: 'BDT' }).execute();
  const wallets = await trx
    .insertInto('ledger_accounts')
    .values(members.map((m) => ({ merchant_id: merchantId, member_id: m.id, kind: 'member_wallet' as const, currency: 'BDT' })))
    .returning(['id', 'member_id'])
    .execute();
  const house = (await houseAccountId(trx, merchantId))!;
  for (const [username, amountMinor] of [
    [a.member.username, DEMO2_MEMBER_BALANCE_MINOR],
    [a.only.username, DEMO2_ONLY_MEMBER_BALANCE_MINOR],
  ] as const) {
    const id = members.find((m) => m.username === username)!.id;
    await transfer(trx, {
      from: house,
      to: wallets.find((w) => w.member_id === id)!.id,
      amountMinor,
      owner: { kind: 'system', id: 0 },
      idempotencyKey: `seed:${merchantId}:${username}:opening`,
      kind: 'seed_credit',
    });
  }
}
