import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { freshDatabase } from '../test-support/db.ts';
import { classOfPgType, declaredSchema, type TDeclaredSchema } from '../test-support/schema-types.ts';

/**
 * The Kysely table types of db/schema.ts (and the area files of db/schema/ it composes) against the database the migrations build (docs/0074):
 * the same tables, the same columns, the same nullability and the same coarse class of value, so
 * a migration that changes a column without its type (or the other way round) fails here, on
 * PGlite and on PostgreSQL alike.
 */

type TActualColumn = { typeClass: string; nullable: boolean; hasDefault: boolean };

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

// pg-boss keeps its own tables in its own schema; the platform's tables are the current schema's.
async function actualSchema(database: TDatabase): Promise<Map<string, Map<string, TActualColumn>>> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(database.db);
  const tables = new Map<string, Map<string, TActualColumn>>();
  for (const r of rows) {
    const columns = tables.get(r.table_name) ?? new Map<string, TActualColumn>();
    columns.set(r.column_name, {
      typeClass: classOfPgType(r.data_type),
      nullable: r.is_nullable === 'YES',
      hasDefault: r.column_default !== null || r.is_identity === 'YES',
    });
    tables.set(r.table_name, columns);
  }
  return tables;
}

const sorted = (names: Iterable<string>) => [...names].sort();

/** Every difference of one table's columns, one line each (empty when none). */
function columnDifferences(table: string, declared: NonNullable<ReturnType<TDeclaredSchema['get']>>, actual: Map<string, TActualColumn>): string[] {
  const out: string[] = [];
  for (const [name, d] of declared) {
    const a = actual.get(name);
    if (!a) {
      out.push(`${table}.${name}: in schema.ts, not in the database`);
      continue;
    }
    if (d.typeClass !== a.typeClass) out.push(`${table}.${name}: schema.ts says ${d.typeClass}, the database answers ${a.typeClass}`);
    if (d.nullable !== a.nullable)
      out.push(`${table}.${name}: schema.ts says ${d.nullable ? 'nullable' : 'not null'}, the database ${a.nullable ? 'allows null' : 'says not null'}`);
    // Generated<…> lets an insert leave the column out: only a default (or null) fills it then.
    if (d.generated && !a.hasDefault && !a.nullable) out.push(`${table}.${name}: Generated in schema.ts, but the database has no default`);
  }
  for (const name of actual.keys()) if (!declared.has(name)) out.push(`${table}.${name}: in the database, not in schema.ts`);
  return out;
}

/**
 * Tables that belong to no brand (docs/0131), each with why. Every other table carries
 * `merchant_id`, or a not-null foreign key to a table that belongs to a brand (a member's, an
 * operator's, an order's row), so each of its rows is one brand's.
 */
const DEPLOYMENT_WIDE: Record<string, string> = {
  merchants: 'the brands themselves',
  schema_migrations: 'the migrations applied to the database',
  job_effects: "jobs' exactly-once marks, keyed by the ids of the rows they act on (ids are unique across brands)",
  team_figures_state: "the team figures rollup's one watermark over the whole ledger (docs/0058)",
};

/** The tables that belong to no brand: neither `merchant_id` nor a not-null foreign key chain to a table that has one. */
async function tablesOfNoBrand(database: TDatabase, tables: string[]): Promise<string[]> {
  const { rows: keys } = await sql<{ tbl: string; ref: string; not_null: boolean }>`
    select c.conrelid::regclass::text as tbl, c.confrelid::regclass::text as ref, bool_and(a.attnotnull) as not_null
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.connamespace = (select oid from pg_namespace where nspname = current_schema())
    group by c.oid, c.conrelid, c.confrelid`.execute(database.db);
  const { rows: withMerchant } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'merchant_id' and is_nullable = 'NO'`.execute(database.db);
  const owned = new Set(withMerchant.map((r) => r.table_name));
  for (let grew = true; grew;) {
    grew = false;
    for (const k of keys) {
      if (!owned.has(k.tbl) && k.not_null && owned.has(k.ref)) {
        owned.add(k.tbl);
        grew = true;
      }
    }
  }
  return tables.filter((t) => !owned.has(t)).sort();
}

describe('db/schema.ts matches the migrated database (docs/0074)', () => {
  let database: TDatabase;
  let declared: TDeclaredSchema;
  let actual: Awaited<ReturnType<typeof actualSchema>>;

  beforeAll(async () => {
    database = await freshDatabase();
    await migrate(database.db);
    declared = declaredSchema(SCHEMA_FILE);
    actual = await actualSchema(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('declares exactly the tables the migrations create', () => {
    expect(sorted(declared.keys())).toEqual(sorted(actual.keys()));
  });

  it('declares every column with its nullability and class of value', () => {
    const differences = [...declared].flatMap(([table, columns]) => (actual.has(table) ? columnDifferences(table, columns, actual.get(table)!) : []));
    expect(differences).toEqual([]);
  });

  it("every table but the deployment's own belongs to one brand (docs/0131)", async () => {
    expect(await tablesOfNoBrand(database, [...actual.keys()])).toEqual(Object.keys(DEPLOYMENT_WIDE).sort());
  });

  it('reads enough of schema.ts to be worth trusting', () => {
    // A parser that silently read nothing would pass both checks above on an empty database.
    expect(declared.size).toBeGreaterThan(50);
    expect(declared.get('merchants')?.get('session_lifetime_hours')).toEqual({ typeClass: 'number', nullable: false, generated: true });
    expect(declared.get('members')?.size).toBeGreaterThan(10);
    // Columns an area file declares once for two tables (an interface they extend) count for both.
    expect(declared.get('team_ancestor_hours')?.get('valid_bet_minor')).toEqual({ typeClass: 'number', nullable: false, generated: false });
  });
});
