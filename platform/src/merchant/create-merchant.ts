import type { Kysely } from 'kysely';
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
 * - its house ledger account, and the owner operator (role owner, argon2id hash of the password).
 * Money settings, login thresholds and the four-eyes amount take their column defaults (migrations).
 */
export type TCreateMerchantInput = { code: string; name: string; ownerUsername: string; ownerPassword: string };

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
  return null;
}

/** Creates the merchant and its owner in one transaction; refuses a taken code (CreateMerchantError), writing nothing. */
export async function createMerchant(db: Kysely<DB>, input: TCreateMerchantInput): Promise<{ merchantId: number; ownerId: number }> {
  const problem = createMerchantInputError(input);
  if (problem) throw new CreateMerchantError(problem);
  // Hash outside the transaction: argon2 runs on the thread pool while nothing is locked.
  const passwordHash = await hashPassword(input.ownerPassword);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('merchants').select('id').where('code', '=', input.code).forNoKeyUpdate().executeTakeFirst();
    if (taken) throw new CreateMerchantError(`merchant ${input.code} exists already; nothing was changed`);
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
    await trx
      .insertInto('config_audit')
      .values({
        merchant_id: merchantId,
        operator_id: null,
        operator_username: 'merchant:create',
        ip: '',
        action: 'merchant.create',
        detail: JSON.stringify({ code: input.code, owner: input.ownerUsername }),
        before: null,
        after: JSON.stringify({ code: input.code, name: input.name.trim(), owner: input.ownerUsername }),
        config_version: 1,
      })
      .execute();
    return { merchantId, ownerId: owner.id };
  });
}
