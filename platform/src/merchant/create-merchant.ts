import type { Kysely, Transaction } from 'kysely';
import { BRAND_PALETTES, OPERATOR_ROLES, ZHostName, type TBrandPalette, type TOperatorRole } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../session/password.service.ts';
import { DEPOSIT_CHANNEL_PRESETS } from '../kernel/deposit-channels.ts';
import { seedHelpSections } from '../content/help.service.ts';
import { seedBuiltInLottery, seedBuiltInProvider } from '../seed/catalogue.ts';
import { insertDepositChannels, NEW_MERCHANT_ROW, seedMerchantRules } from '../seed/merchant.ts';

/**
 * A real merchant with its first owner operator, and nothing of the demo (docs/0065): no member, no
 * demo operator, no money, no simulated channel, no example content. What it gets is what a site
 * needs to run and an owner needs to take it from there:
 * - the merchant row (BDT, ৳, +880, age 18; `demo` false, so nothing of it ever settles by itself);
 * - the whitelabel switches with their defaults, registration fields and rules, countries
 *   (`seedMerchantRules`, the same the demo seed writes);
 * - the built-in games (slot, crash, lottery) and their seamless-wallet provider with a fresh secret;
 * - the operator-approved deposit channels (bKash, Nagad, Rocket, bank transfer), switched off: the
 *   owner switches on those the merchant takes, in the console's money settings;
 * - its house ledger account, and the owner operator (role owner, argon2id hash of the password);
 * - its brand (docs/0131): the host names a gateway serves it at (`hosts`, none: reached only as a
 *   deployment's MERCHANT_CODE) and its palette (default gold).
 * Money settings, login thresholds and the four-eyes amount take their column defaults (migrations).
 */
export type TCreateMerchantInput = {
  code: string;
  name: string;
  ownerUsername: string;
  ownerPassword: string;
  /** Host names as typed; stored lower case (normalHosts). */
  hosts?: readonly string[];
  palette?: string;
};

/** Why a merchant was not created: a rule of the input, or the code is taken. Nothing was written. */
export class CreateMerchantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateMerchantError';
  }
}

/** The merchant code the platform resolves (http/auth.ts): letters, digits, underscore, 2–32. */
const MERCHANT_CODE = /^[A-Za-z0-9_]{2,32}$/;
/** An operator username: a letter first, then letters, digits, underscore; 4–32. */
const OWNER_USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
/** Operator login takes at most 128 characters (ZOperatorLoginRequest). */
export const OWNER_PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** Host names as a browser sends them: trimmed, lower case, each once. */
export function normalHosts(hosts: readonly string[] = []): string[] {
  return [...new Set(hosts.map((h) => h.trim().toLowerCase()))];
}

/** The first host name that is no host name (ZHostName: letters, digits, dots and hyphens, no port), or null. */
export function hostsError(hosts: readonly string[] = []): string | null {
  const bad = normalHosts(hosts).find((h) => !ZHostName.safeParse(h).success);
  return bad === undefined ? null : `the host "${bad}" is not a host name (letters, digits, dots and hyphens, without a port or a scheme)`;
}

/** The input's first broken rule, or null. Never quotes the password. */
export function createMerchantInputError(input: TCreateMerchantInput): string | null {
  if (!MERCHANT_CODE.test(input.code)) return 'the merchant code must be 2–32 letters, digits or underscores';
  const name = input.name.trim();
  if (name.length < 1 || name.length > 80 || /\p{Cc}/u.test(name)) return 'the merchant name must be 1–80 characters without control characters';
  if (!OWNER_USERNAME.test(input.ownerUsername)) return 'the owner username must start with a letter and have 4–32 letters, digits or underscores';
  if (/^demo_/i.test(input.ownerUsername)) return 'the owner username must not start with demo_ (the demo accounts are named so)';
  const pw = input.ownerPassword;
  if (pw.length < OWNER_PASSWORD_LENGTH.min || pw.length > OWNER_PASSWORD_LENGTH.max) {
    return `the owner password must have ${OWNER_PASSWORD_LENGTH.min}–${OWNER_PASSWORD_LENGTH.max} characters`;
  }
  if (/\p{Cc}/u.test(pw)) return 'the owner password must not contain control characters';
  if (pw.toLowerCase().includes(input.ownerUsername.toLowerCase())) return 'the owner password must not contain the username';
  if (input.palette !== undefined && !(BRAND_PALETTES as readonly string[]).includes(input.palette)) {
    return `the palette must be one of ${BRAND_PALETTES.join(', ')}`;
  }
  return hostsError(input.hosts);
}

/** Refuses hosts another merchant holds (CreateMerchantError, naming them and their merchant). */
async function refuseTakenHosts(trx: Transaction<DB>, hosts: readonly string[], merchantId: number | null): Promise<void> {
  if (hosts.length === 0) return;
  const taken = await trx
    .selectFrom('merchant_hosts')
    .innerJoin('merchants', 'merchants.id', 'merchant_hosts.merchant_id')
    .select(['merchant_hosts.host', 'merchants.code', 'merchants.id'])
    .where('merchant_hosts.host', 'in', hosts)
    .orderBy('merchant_hosts.host')
    .execute();
  const others = taken.filter((t) => t.id !== merchantId);
  if (others.length > 0) {
    throw new CreateMerchantError(`${others.map((t) => `the host ${t.host} belongs to merchant ${t.code}`).join(', ')} already; nothing was changed`);
  }
}

/** Creates the merchant and its owner in one transaction; refuses a taken code (CreateMerchantError), writing nothing. */
export async function createMerchant(
  db: Kysely<DB>,
  input: TCreateMerchantInput,
): Promise<{ merchantId: number; ownerId: number; hosts: string[]; palette: TBrandPalette }> {
  const problem = createMerchantInputError(input);
  if (problem) throw new CreateMerchantError(problem);
  // Hash outside the transaction: argon2 runs on the thread pool while nothing is locked.
  const passwordHash = await hashPassword(input.ownerPassword);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('merchants').select('id').where('code', '=', input.code).forNoKeyUpdate().executeTakeFirst();
    if (taken) throw new CreateMerchantError(`merchant ${input.code} exists already; nothing was changed`);
    const hosts = normalHosts(input.hosts);
    await refuseTakenHosts(trx, hosts, null);
    // Checked by createMerchantInputError above.
    const palette = (input.palette ?? 'gold') as TBrandPalette;
    const { id: merchantId } = await trx
      .insertInto('merchants')
      .values({
        ...NEW_MERCHANT_ROW,
        code: input.code,
        name: input.name.trim(),
        domain_route: '',
        main_domain: '',
        gtag_id: '',
        demo: false,
        palette,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The primary key refuses a host another transaction took meanwhile: nothing is written then.
    if (hosts.length > 0) {
      await trx
        .insertInto('merchant_hosts')
        .values(hosts.map((host) => ({ host, merchant_id: merchantId })))
        .execute();
    }
    await seedMerchantRules(trx, merchantId);
    // The help centre's first texts, in its name (docs/0109); the content role rewrites them.
    await seedHelpSections(trx, merchantId, input.name.trim());
    await seedBuiltInProvider(trx, merchantId);
    await seedBuiltInLottery(trx, merchantId);
    await insertDepositChannels(
      trx,
      merchantId,
      DEPOSIT_CHANNEL_PRESETS.filter((c) => c.auto_settle_seconds === null),
      { enabled: false },
    );
    await trx.insertInto('ledger_accounts').values({ merchant_id: merchantId, member_id: null, kind: 'house', currency: 'BDT' }).execute();
    const owner = await trx
      .insertInto('operators')
      .values({ merchant_id: merchantId, username: input.ownerUsername, name: input.ownerUsername, role: 'owner', password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The audit log starts with its creation; the command is the actor, not the owner.
    await auditCommand(trx, { merchantId, configVersion: 1 }, 'merchant.create', {
      detail: { code: input.code, owner: input.ownerUsername },
      before: null,
      after: { code: input.code, name: input.name.trim(), owner: input.ownerUsername, hosts, palette },
    });
    return { merchantId, ownerId: owner.id, hosts, palette };
  });
}

/**
 * Adds host names to an existing merchant (`pnpm merchant:create --code <CODE> --add-host <host>`,
 * docs/0131), audited as the command. A host it holds already is kept; one another merchant holds,
 * an unknown code or a malformed host is refused (CreateMerchantError) with nothing written.
 * Answers the hosts it added.
 */
export async function addMerchantHosts(db: Kysely<DB>, code: string, hostsAsTyped: readonly string[]): Promise<{ added: string[] }> {
  const problem = hostsError(hostsAsTyped);
  if (problem) throw new CreateMerchantError(problem);
  const hosts = normalHosts(hostsAsTyped);
  if (hosts.length === 0) throw new CreateMerchantError('no host to add');
  return db.transaction().execute(async (trx) => {
    const merchant = await trx.selectFrom('merchants').select(['id', 'config_version']).where('code', '=', code).forNoKeyUpdate().executeTakeFirst();
    if (!merchant) throw new CreateMerchantError(`there is no merchant ${code}; nothing was changed`);
    await refuseTakenHosts(trx, hosts, merchant.id);
    const before = (await trx.selectFrom('merchant_hosts').select('host').where('merchant_id', '=', merchant.id).orderBy('host').execute()).map((h) => h.host);
    const added = hosts.filter((h) => !before.includes(h));
    if (added.length === 0) return { added };
    await trx
      .insertInto('merchant_hosts')
      .values(added.map((host) => ({ host, merchant_id: merchant.id })))
      .execute();
    await auditCommand(trx, { merchantId: merchant.id, configVersion: merchant.config_version }, 'merchant.hosts.add', {
      detail: { code, added },
      before: { hosts: before },
      after: { hosts: [...before, ...added].sort() },
    });
    return { added };
  });
}

/**
 * Lets an operator of one brand work for another in a role there (`pnpm merchant:create --code
 * <CODE> --grant <FROM>:<username> --role <role>`, docs/0135): it signs in on that brand with its own
 * password and gets sessions of that brand only. Granting it again sets its role there. Refused with
 * nothing written (CreateMerchantError): an unknown brand or operator, an unknown role, a grant of
 * the operator's own brand, and a brand that has an operator of that name already. Audited on the
 * brand as the command.
 */
export async function grantOperatorBrand(
  db: Kysely<DB>,
  grant: { code: string; from: string; username: string; role: string },
): Promise<{ operatorId: number; role: TOperatorRole; changed: boolean }> {
  const role = OPERATOR_ROLES.find((r) => r === grant.role);
  if (!role) throw new CreateMerchantError(`the role must be one of ${OPERATOR_ROLES.join(', ')}; nothing was changed`);
  return db.transaction().execute(async (trx) => {
    const merchant = await trx.selectFrom('merchants').select(['id', 'config_version']).where('code', '=', grant.code).forNoKeyUpdate().executeTakeFirst();
    if (!merchant) throw new CreateMerchantError(`there is no merchant ${grant.code}; nothing was changed`);
    const op = await trx
      .selectFrom('operators as o')
      .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
      .select(['o.id', 'o.username', 'o.merchant_id'])
      .where('m.code', '=', grant.from)
      .where((eb) => eb(eb.fn('lower', ['o.username']), '=', grant.username.toLowerCase()))
      .executeTakeFirst();
    if (!op) throw new CreateMerchantError(`merchant ${grant.from} has no operator ${grant.username}; nothing was changed`);
    if (op.merchant_id === merchant.id) throw new CreateMerchantError(`${grant.username} is an operator of ${grant.code} already; nothing was changed`);
    const key = op.username.toLowerCase();
    const before = await trx
      .selectFrom('operator_brands')
      .select(['operator_id', 'role'])
      .where('merchant_id', '=', merchant.id)
      .where('username_key', '=', key)
      .executeTakeFirst();
    if (before && before.operator_id !== op.id)
      throw new CreateMerchantError(`merchant ${grant.code} has an operator named ${op.username} already; nothing was changed`);
    if (before?.role === role) return { operatorId: op.id, role, changed: false };
    if (before) await trx.updateTable('operator_brands').set({ role }).where('operator_id', '=', op.id).where('merchant_id', '=', merchant.id).execute();
    else await trx.insertInto('operator_brands').values({ operator_id: op.id, merchant_id: merchant.id, role, username_key: key }).execute();
    await auditCommand(trx, { merchantId: merchant.id, configVersion: merchant.config_version }, 'merchant.operator.grant', {
      detail: { code: grant.code, from: grant.from, username: op.username },
      before: before ? { role: before.role } : null,
      after: { role },
    });
    return { operatorId: op.id, role, changed: true };
  });
}

/** The command's audit row on a brand (no operator: `merchant:create` did it). */
async function auditCommand(
  trx: Transaction<DB>,
  merchant: { merchantId: number; configVersion: number },
  action: 'merchant.create' | 'merchant.hosts.add' | 'merchant.operator.grant',
  what: { detail: unknown; before: unknown; after: unknown },
): Promise<void> {
  await trx
    .insertInto('config_audit')
    .values({
      merchant_id: merchant.merchantId,
      operator_id: null,
      operator_username: 'merchant:create',
      ip: '',
      action,
      detail: JSON.stringify(what.detail),
      before: what.before === null ? null : JSON.stringify(what.before),
      after: JSON.stringify(what.after),
      config_version: merchant.configVersion,
    })
    .execute();
}
