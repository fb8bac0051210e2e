import type { Kysely, Transaction } from 'kysely';
import { HELP_SECTIONS, type THelpCentre, type THelpDevice, type TLanguage, type TOperatorHelpText, type TSaveHelpText } from '@wl/schemas';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { helpDefaults } from './help-defaults.ts';

/*
 * The help centre (docs/0109): each section in the asked language for the asked device, a device
 * without its own text falling back to WEB; the console lists every stored text and the content
 * role replaces one at a time, audited with before and after in the same transaction.
 */

type TDb = Kysely<DB> | Transaction<DB>;

/** SPEC §7 help centre (lang, device): the sections in the page's order; a section with no text at all is left out. */
export async function helpCentre(db: TDb, merchant: TMerchant, language: TLanguage, device: THelpDevice): Promise<THelpCentre> {
  const rows = await db
    .selectFrom('help_sections')
    .select(['section', 'device', 'title', 'body', 'updated_at'])
    .where('merchant_id', '=', merchant.id)
    .where('language', '=', language)
    .where('device', 'in', device === 'WEB' ? ['WEB'] : ['WEB', device])
    .execute();
  const sections = HELP_SECTIONS.flatMap((section) => {
    const mine = rows.filter((r) => r.section === section);
    const row = mine.find((r) => r.device === device) ?? mine.find((r) => r.device === 'WEB');
    return row ? [{ section, title: row.title, body: row.body, updatedAt: new Date(row.updated_at).toISOString() }] : [];
  });
  return { sections };
}

const consoleRows = (db: TDb, merchantId: number) =>
  db
    .selectFrom('help_sections as h')
    .leftJoin('operators as o', 'o.id', 'h.updated_by')
    .select(['h.section', 'h.language', 'h.device', 'h.title', 'h.body', 'h.updated_at', 'o.username'])
    .where('h.merchant_id', '=', merchantId);

type TConsoleRow = Awaited<ReturnType<ReturnType<typeof consoleRows>['execute']>>[number];

const toText = (r: TConsoleRow): TOperatorHelpText => ({
  section: r.section,
  language: r.language,
  device: r.device,
  title: r.title,
  body: r.body,
  updatedAt: new Date(r.updated_at).toISOString(),
  updatedBy: r.username,
});

/** Every stored text of the merchant, by section (page order), language, device. */
export async function consoleHelpTexts(db: TDb, merchantId: number): Promise<{ texts: TOperatorHelpText[] }> {
  const rows = await consoleRows(db, merchantId).execute();
  const rank = (r: TConsoleRow) => HELP_SECTIONS.indexOf(r.section) * 100 + (r.language === 'en' ? 0 : 10) + (r.device === 'WEB' ? 0 : 1);
  return { texts: rows.sort((a, b) => rank(a) - rank(b)).map(toText) };
}

/**
 * Stores one text (a new device's text is added). The same title and body again changes nothing and
 * writes no audit entry; otherwise the audit keeps the text before and after.
 */
export async function saveHelpText(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: TSaveHelpText): Promise<TOperatorHelpText> {
  return inTransaction(deps.db, async (trx) => {
    const key = (q: ReturnType<typeof consoleRows>) =>
      q.where('h.section', '=', req.section).where('h.language', '=', req.language).where('h.device', '=', req.device);
    const before = await key(consoleRows(trx, merchant.id)).executeTakeFirst();
    if (before && before.title === req.title && before.body === req.body) return toText(before);
    await trx
      .insertInto('help_sections')
      .values({
        merchant_id: merchant.id,
        section: req.section,
        language: req.language,
        device: req.device,
        title: req.title,
        body: req.body,
        updated_at: deps.clock(),
        updated_by: op.operatorId,
      })
      .onConflict((oc) =>
        oc
          .columns(['merchant_id', 'section', 'language', 'device'])
          .doUpdateSet({ title: req.title, body: req.body, updated_at: deps.clock(), updated_by: op.operatorId }),
      )
      .execute();
    const after = await key(consoleRows(trx, merchant.id)).executeTakeFirstOrThrow();
    const view = (r: TConsoleRow | undefined) => (r ? { section: r.section, language: r.language, device: r.device, title: r.title, body: r.body } : null);
    // Not a configuration change: nothing the screen config carries moves, so the config version stays.
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'help.save',
      before: view(before),
      after: view(after),
      configVersion: null,
    });
    return toText(after);
  });
}

/** Writes the first texts of a merchant (help-defaults.ts), leaving any text it already has. */
export async function seedHelpSections(db: TDb, merchantId: number, merchantName: string): Promise<void> {
  await db
    .insertInto('help_sections')
    .values(helpDefaults(merchantName).map((d) => ({ merchant_id: merchantId, ...d })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Merchants created before migration 0052 get the first texts once (a start after the migration). */
export async function seedMissingHelpSections(db: Kysely<DB>): Promise<void> {
  const bare = await db
    .selectFrom('merchants as m')
    .select(['m.id', 'm.name'])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('help_sections as h').select('h.merchant_id').whereRef('h.merchant_id', '=', 'm.id'))))
    .execute();
  for (const m of bare) await seedHelpSections(db, m.id, m.name);
}
