import type { Insertable, Transaction } from 'kysely';
import { AGENT_PAGE_MODULES, FEATURE_FLAGS, GAME_TYPES, MEMBER_PAGE_MODULES, REGISTRATION_FIELDS, encryptCsLink, type TFeatureFlag } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { CATEGORY_TITLES } from '../kernel/catalogue.ts';
import { DEPOSIT_CHANNEL_PRESETS } from '../kernel/deposit-channels.ts';

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

/** Rows of one merchant in the order given: each gets the merchant's id and its place as `sort`. */
export const inMerchantOrder = <T extends object>(merchantId: number, rows: readonly T[]) =>
  rows.map((row, sort) => ({ ...row, merchant_id: merchantId, sort }));

/** The merchant's tables whose rows are listed in the merchant's order (`sort`). */
type TSortedTable =
  'customer_service' | 'resources' | 'countries' | 'registration_fields' | 'banners' | 'notices' | 'popups' | 'promotions' | 'deposit_channels';

/** Inserts rows of one merchant's table in the order given (inMerchantOrder). */
export async function insertInMerchantOrder<T extends TSortedTable>(
  trx: Transaction<DB>,
  table: T,
  merchantId: number,
  rows: readonly Omit<Insertable<DB[T]>, 'merchant_id' | 'sort'>[],
): Promise<void> {
  // Kysely cannot relate a generic table's insert type to DB[T]; `rows` is checked against it above.
  await trx
    .insertInto(table)
    .values(inMerchantOrder(merchantId, rows) as never)
    .execute();
}

/** The merchant row's fields every merchant starts with, demo or real (docs/0065): BDT, ৳, +880, age 18. */
export const NEW_MERCHANT_ROW = {
  currency: 'BDT',
  currency_symbol: '৳',
  // [''] means "same origin" (docs/rules/README.md#constants: a CDN is picked at random from these lists).
  image_cdns: JSON.stringify(['']),
  launch_game_cdns: JSON.stringify(['']),
  min_age: 18,
  sms_expired_minutes: 2,
  default_country_dialing_code: '+880',
} as const;

/** The demo merchant (Lucky Bazaar) with its rules, contact links and app downloads. */
export async function seedDemoMerchant(trx: Transaction<DB>, code: string): Promise<number> {
  const { id: merchantId } = await trx
    .insertInto('merchants')
    .values({
      ...NEW_MERCHANT_ROW,
      code,
      name: 'Lucky Bazaar',
      domain_route: 'luckybazaar.example',
      main_domain: 'https://luckybazaar.example',
      gtag_id: 'G-LUCKYBAZAAR',
      // Made by the demo seed: its channels may settle by themselves outside production (docs/0065).
      demo: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedMerchantRules(trx, merchantId);
  await insertInMerchantOrder(trx, 'customer_service', merchantId, [
    { cs_type: 'LIVECHAT', path: encryptCsLink('https://support.luckybazaar.example/chat', 'Lb7cS9qZ') },
    { cs_type: 'FACEBOOK', path: encryptCsLink('https://facebook.example/luckybazaar', 'Fb2kW8xR') },
    { cs_type: 'YOUTUBE', path: encryptCsLink('https://youtube.example/@luckybazaar', 'Yt4mN6pQ') },
  ]);
  await insertInMerchantOrder(trx, 'resources', merchantId, [
    { resource_type: 'IOS_APP', label_name_en: 'iOS app', url: 'https://apps.luckybazaar.example/ios' },
    { resource_type: 'ANDROID_APP', label_name_en: 'Android app', url: 'https://apps.luckybazaar.example/android.apk' },
  ]);
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
  await insertInMerchantOrder(
    trx,
    'registration_fields',
    merchantId,
    REGISTRATION_FIELDS.map((field) => ({ field, enabled: enabledFields.has(field), required: enabledFields.has(field) && !optionalFields.has(field) })),
  );
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
  await insertInMerchantOrder(trx, 'countries', merchantId, [
    { country_code: 'BD', country_dialing_code: '+880' },
    { country_code: 'IN', country_dialing_code: '+91' },
  ]);
}

/** ৳ amounts in minor units. */
const tk = (taka: number) => taka * 100;

/**
 * Writes deposit channels of the presets (docs/0028), in their order: the demo seed writes them all,
 * `pnpm merchant:create` those an operator approves, switched off (`enabled: false`, docs/0065).
 */
export async function insertDepositChannels(
  trx: Transaction<DB>,
  merchantId: number,
  presets: readonly (typeof DEPOSIT_CHANNEL_PRESETS)[number][] = DEPOSIT_CHANNEL_PRESETS,
  opts: { enabled?: boolean } = {},
): Promise<void> {
  await insertInMerchantOrder(
    trx,
    'deposit_channels',
    merchantId,
    presets.map((c) => ({
      code: c.code,
      name: c.name,
      min_minor: c.min_minor,
      max_minor: c.max_minor,
      quick_amounts_minor: JSON.stringify(c.quick.map(tk)),
      auto_settle_seconds: c.auto_settle_seconds,
      ...(opts.enabled === undefined ? {} : { enabled: opts.enabled }),
    })),
  );
}
