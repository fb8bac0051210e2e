import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from './schema.ts';
import { checkCommitDeadline, databaseOf, dbUntil, perDatabase } from './call-deadline.ts';

// docs/0078: a call's deadline rides on its own handle of the database; memory kept per database is
// the same for every call's handle of it.
const database = () =>
  new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

const late = () => new Error('late');

describe('a call deadline on a database handle', () => {
  it('refuses a commit past the deadline, after the test seam ran, and only on that call handle', async () => {
    const db = database();
    let nowMs = 1_000;
    const seen: string[] = [];
    const handle = dbUntil(db, { deadlineMs: 2_000, now: () => nowMs, late, beforeCommit: async () => void seen.push('seam') });
    await expect(checkCommitDeadline(handle)).resolves.toBeUndefined();
    nowMs = 2_000;
    await expect(checkCommitDeadline(handle)).rejects.toThrow('late');
    expect(seen).toEqual(['seam', 'seam']);
    // The platform's own handle and another call's carry none of it.
    await expect(checkCommitDeadline(db)).resolves.toBeUndefined();
    await expect(checkCommitDeadline(dbUntil(db, { deadlineMs: 5_000, now: () => nowMs, late }))).resolves.toBeUndefined();
  });

  it('keeps memory per database: every call handle of one database finds the same value, another database its own', () => {
    const db = database();
    const other = database();
    const kept = perDatabase(() => new Map<string, number>());
    const handle = dbUntil(db, { deadlineMs: 1, now: () => 0, late });
    expect(handle).not.toBe(db);
    expect(databaseOf(handle)).toBe(db);
    expect(databaseOf(db)).toBe(db);
    kept(handle).set('a', 1);
    expect(kept(db).get('a')).toBe(1);
    expect(kept(dbUntil(db, { deadlineMs: 1, now: () => 0, late })).get('a')).toBe(1);
    expect(kept(other).get('a')).toBeUndefined();
  });
});
