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

  it('never takes FOR UPDATE, and locks only the named table of a join', () => {
    // FOR UPDATE blocks the key-share lock an insert's foreign key check takes, and nearly every
    // table is referenced (members, merchants, operators, games, deposits...): a deposit approval
    // that locked its joined merchant row FOR UPDATE and then waited for the member's lock deadlocked
    // with a member's money call that held that lock and inserted a row of the merchant.
    // FOR NO KEY UPDATE excludes other writers the same way and lets such inserts through; a lock
    // on a join without `of` locks every joined table's row (docs/0080).
    const found: string[] = [];
    for (const file of sources(SRC)) {
      // One statement at a time: from the start of its chain to the end.
      const code = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const statement of code.split(';')) {
        const where = path.relative(SRC, file);
        if (/\.forUpdate\(/.test(statement) || /\bfor update\b/i.test(statement.replace(/no key update/gi, ''))) found.push(`${where}: FOR UPDATE`);
        if (/\.for(NoKeyUpdate|Share|KeyShare)\(\)/.test(statement) && /(inner|left|right|full)Join\(/.test(statement))
          found.push(`${where}: a lock of every joined table`);
      }
    }
    expect(found).toEqual([]);
  });
});
