import type { Kysely } from 'kysely';
import type { TWhitelabelNode } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/** The merchant's whitelabel tree (docs/rules/content.md#c-1 Permission info), children in seeded order. */
export async function whitelabelTree(db: Kysely<DB>, merchantId: number): Promise<TWhitelabelNode[]> {
  const rows = await db
    .selectFrom('whitelabel_nodes')
    .select(['id', 'parent_id', 'mod_id', 'name', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const build = (parent: number | null): TWhitelabelNode[] =>
    (byParent.get(parent) ?? []).map((r) => ({
      modId: r.mod_id,
      name: r.name,
      enabled: r.enabled ? '1' : '0',
      childrenNodes: build(r.id),
    }));
  return build(null);
}

/** Registration field settings and countries of a merchant. */
export async function registrationSettings(db: Kysely<DB>, merchantId: number) {
  const [merchant, fields, countries] = await Promise.all([
    db
      .selectFrom('merchants')
      .select(['min_age', 'sms_expired_minutes', 'default_country_dialing_code'])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('registration_fields').select(['field', 'enabled', 'required']).where('merchant_id', '=', merchantId).orderBy('sort').execute(),
    db.selectFrom('countries').select(['country_code', 'country_dialing_code']).where('merchant_id', '=', merchantId).orderBy('sort').execute(),
  ]);
  return { merchant, fields, countries };
}

/** Server validation rules of a merchant (docs/rules/accounts.md#a-11). */
export function validationRules(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('validation_rules')
    .select(['field', 'accepted_pattern', 'min_length', 'max_length', 'pattern_id'])
    .where('merchant_id', '=', merchantId)
    .orderBy('field')
    .execute();
}

/** Everything of the merchant row that permission info needs. */
export function merchantProfile(db: Kysely<DB>, merchantId: number) {
  return db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirstOrThrow();
}

/** Customer-service entries and resources of a merchant. */
export async function serviceAndResources(db: Kysely<DB>, merchantId: number) {
  const [cs, resources] = await Promise.all([
    db.selectFrom('customer_service').select(['cs_type', 'path']).where('merchant_id', '=', merchantId).orderBy('sort').execute(),
    db.selectFrom('resources').select(['resource_type', 'label_name_en', 'url']).where('merchant_id', '=', merchantId).orderBy('sort').execute(),
  ]);
  return { cs, resources };
}
