import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The members below `root` (depth ≥ 1) with their depth, walked from members.upline_id alone: what the
 * closure table (docs/0046) and every team figure must agree with, computed without them.
 */
export async function subtreeByUpline(db: Kysely<DB>, root: number): Promise<Map<number, number>> {
  const members = await db.selectFrom('members').select(['id', 'upline_id']).execute();
  const depth = new Map<number, number>([[root, 0]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const m of members) {
      if (m.upline_id === null || !depth.has(m.upline_id) || depth.has(m.id)) continue;
      depth.set(m.id, depth.get(m.upline_id)! + 1);
      changed = true;
    }
  }
  depth.delete(root);
  return depth;
}
