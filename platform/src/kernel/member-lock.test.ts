import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-support/db.ts';
import { lockMembers } from './member-lock.ts';

const ctx = usePlatform();
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every platform source file but tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the member lock (docs/0080)', () => {
  it('locks members of the merchant and refuses a missing one or one of another merchant', async () => {
    const rows = await ctx.db.selectFrom('members').select(['id', 'merchant_id']).orderBy('id').limit(3).execute();
    const ids = rows.map((r) => r.id);
    await ctx.db.transaction().execute((trx) => lockMembers(trx, [...ids].reverse(), rows[0]!.merchant_id));
    await expect(ctx.db.transaction().execute((trx) => lockMembers(trx, [ids[0]!, 999_999_999]))).rejects.toThrow(/not all found/);
    await expect(ctx.db.transaction().execute((trx) => lockMembers(trx, [ids[0]!], rows[0]!.merchant_id + 1_000))).rejects.toThrow(/not all found/);
  });

  it('is the only way a member row is locked: no FOR UPDATE on members anywhere else', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      // One statement at a time: from `selectFrom('members')` to the end of its chain.
      for (const statement of fs.readFileSync(file, 'utf8').split(';')) {
        if (/selectFrom\('members'\)/.test(statement) && /\.forUpdate\(\)/.test(statement)) found.push(path.relative(SRC, file));
        if (/from members\b[^`]*for update/i.test(statement)) found.push(path.relative(SRC, file));
      }
    }
    expect(found).toEqual([]);
  });
});
