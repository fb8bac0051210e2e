import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/database.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { seededDatabase } from '../test-support/db.ts';
import { subtreeByUpline } from '../test-support/subtree.ts';
import { downlineOf, inSubtree, teamOf } from './subtree.ts';

/**
 * An agent's reach (docs/0046) as the access module answers it, against the tree walked from
 * members.upline_id alone: a small tree of two branches under one root, then a branch moved.
 *
 *   root ─ a ─ a1 ─ a11
 *        │    └ a2
 *        └ b ─ b1
 */

let database: TDatabase;
let merchantId: number;
const id: Record<string, number> = {};

async function teamIds(agentId: number): Promise<Map<number, number>> {
  const rows = await teamOf(database.db, merchantId, agentId).select(['t.descendant_id', 't.depth']).execute();
  return new Map(rows.map((r) => [r.descendant_id, r.depth]));
}

beforeAll(async () => {
  database = await seededDatabase();
  const { merchant, ids } = await insertBareMembers(database.db, 1, 'subtree_root');
  merchantId = merchant.id;
  id.root = ids[0]!;
  const under = async (name: string, upline: string, type = 0) => {
    const row = await database.db
      .insertInto('members')
      .values({ merchant_id: merchantId, username: `subtree_${name}`, nickname: name, password_hash: '-', type, upline_id: id[upline]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    id[name] = row.id;
  };
  await under('a', 'root', 1);
  await under('b', 'root', 1);
  await under('a1', 'a', 1);
  await under('a2', 'a');
  await under('a11', 'a1');
  await under('b1', 'b');
});

afterAll(async () => {
  await database?.close();
});

describe('the agent subtree (access/subtree.ts)', () => {
  it('teamOf is every member below the agent with its level, as upline_id walks it, never the agent itself', async () => {
    for (const root of ['root', 'a', 'a1', 'b', 'a11']) {
      expect(await teamIds(id[root]!), root).toEqual(await subtreeByUpline(database.db, id[root]!));
    }
    expect([...(await teamIds(id.root!)).keys()].sort()).toEqual([id.a, id.b, id.a1, id.a2, id.a11, id.b1].sort());
    expect(await teamIds(id.a11!)).toEqual(new Map());
  });

  it('inSubtree: below at any depth only; not itself, its upline, another branch or an unknown id', async () => {
    const probe = (agent: string, member: string | number) => inSubtree(database.db, merchantId, id[agent]!, typeof member === 'number' ? member : id[member]!);
    expect(await probe('root', 'a11')).toBe(true);
    expect(await probe('a', 'a2')).toBe(true);
    expect(await probe('a', 'a')).toBe(false);
    expect(await probe('a', 'root')).toBe(false);
    expect(await probe('a', 'b1')).toBe(false);
    expect(await probe('b', 'a1')).toBe(false);
    expect(await probe('a', 2_000_000_000)).toBe(false);
  });

  it('answers nothing for another merchant, even for a member truly below', async () => {
    const other = merchantId + 1_000;
    expect(await inSubtree(database.db, other, id.root!, id.a!)).toBe(false);
    expect(await teamOf(database.db, other, id.root!).select('t.descendant_id').execute()).toEqual([]);
  });

  it('downlineOf answers the level and type, undefined outside the team', async () => {
    expect(await downlineOf(database.db, merchantId, id.root!, id.a1!)).toEqual({ depth: 2, type: 1 });
    expect(await downlineOf(database.db, merchantId, id.a!, id.a2!)).toEqual({ depth: 1, type: 0 });
    expect(await downlineOf(database.db, merchantId, id.b!, id.a2!)).toBeUndefined();
  });

  it('follows a branch moved to another upline, inside a transaction too', async () => {
    await database.db.updateTable('members').set({ upline_id: id.b! }).where('id', '=', id.a1!).execute();
    try {
      expect(await inSubtree(database.db, merchantId, id.a!, id.a11!)).toBe(false);
      expect(await database.db.transaction().execute((trx) => inSubtree(trx, merchantId, id.b!, id.a11!))).toBe(true);
      expect(await teamIds(id.b!)).toEqual(await subtreeByUpline(database.db, id.b!));
      expect(await teamIds(id.a!)).toEqual(await subtreeByUpline(database.db, id.a!));
    } finally {
      await database.db.updateTable('members').set({ upline_id: id.a! }).where('id', '=', id.a1!).execute();
    }
  });
});
