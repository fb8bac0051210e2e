import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../db/migrate.ts';
import type { TDatabase } from '../db/database.ts';
import { seed } from '../seed/seed.ts';
import { freshDatabase } from '../test-support/db.ts';
import { unrebatedByGameType } from './settled-rounds.ts';

/**
 * docs/0099, migration 0045: a built-in slot round rebated before (marked in rebated_rounds by its
 * game_rounds id) keeps its mark on the wallet's settlement of the same round, so it is not rebated
 * again; a mark with no wallet settlement goes with the old table; a win recorded before keeps the
 * stake it settled.
 */
const MIGRATION = '0045_rebates_from_wallet_settlements';
const extra = {} as { database: TDatabase; dir: string };

beforeAll(async () => {
  extra.database = await freshDatabase();
  extra.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-migrations-'));
  for (const m of listMigrations()) if (m.version !== MIGRATION) fs.copyFileSync(m.file, path.join(extra.dir, path.basename(m.file)));
  await migrate(extra.database.db, extra.dir);
  await seed(extra.database.db, { merchantCode: 'DEMO' });
});
afterAll(async () => {
  await extra.database?.close();
  if (extra.dir) fs.rmSync(extra.dir, { recursive: true, force: true });
});

describe('migration 0045: rebate marks move to the wallet settlements', () => {
  it('carries a slot round’s mark to its wallet settlement and leaves it unpaid-again; drops a mark without one', async () => {
    const db = extra.database.db;
    const q = async <T>(text: ReturnType<typeof sql<T>>) => (await text.execute(db)).rows;
    const [member] = await q<{ id: number; merchant_id: number }>(sql`select id, merchant_id from members where username = 'demo_down1'`);
    const [game] = await q<{ id: number; game_code: string }>(
      sql`select id, game_code from games where merchant_id = ${member!.merchant_id} and game_type = 'RNG' order by id limit 1`,
    );
    const [provider] = await q<{ id: number }>(sql`select id from seamless_providers where merchant_id = ${member!.merchant_id} and code = 'WLG'`);
    const [session] = await q<{ id: number }>(sql`
      insert into game_sessions (token_hash, merchant_id, member_id, game_id, mode, last_seen_at, closed_at)
      values ('migration-0045', ${member!.merchant_id}, ${member!.id}, ${game!.id}, 'real', now(), now()) returning id`);
    const [seedRow] = await q<{ id: number }>(sql`
      insert into game_seeds (session_id, server_seed, server_seed_hash, client_seed) values (${session!.id}, repeat('a', 64), repeat('b', 64), 'm') returning id`);
    const rounds = await q<{ id: number }>(sql`
      insert into game_rounds (session_id, seed_id, nonce, merchant_id, member_id, game_id, mode, stake_minor, payout_minor, outcome, state, settled_at)
      select ${session!.id}, ${seedRow!.id}, n, ${member!.merchant_id}, ${member!.id}, ${game!.id}, 'real', 10000, 0, '{}', 'settled', now()
      from generate_series(1, 2) n returning id`);
    const [withWallet, without] = rounds.map((r) => Number(r.id));
    // The slot's wallet round for the first only (the second never reached the wallet).
    const wr = `WLG-${withWallet}`;
    await sql`
      insert into seamless_transactions (provider_id, transaction_id, kind, member_id, round_id, game_code, amount_minor, request_hash)
      values (${provider!.id}, ${`${wr}:bet`}, 'bet', ${member!.id}, ${wr}, ${game!.game_code}, 10000, '-'),
             (${provider!.id}, ${`${wr}:win`}, 'win', ${member!.id}, ${wr}, ${game!.game_code}, 0, '-')`.execute(db);
    await sql`insert into seamless_bet_slots (provider_id, bet_transaction_id, state) values (${provider!.id}, ${`${wr}:bet`}, 'settled')`.execute(db);
    const [claim] = await q<{ id: number }>(sql`
      insert into rebate_claims (merchant_id, member_id, idempotency_key, source, amount_minor)
      values (${member!.merchant_id}, ${member!.id}, 'member:before-0045', 'member', 50) returning id`);
    await sql`insert into rebated_rounds (round_id, claim_id) values (${withWallet}, ${claim!.id}), (${without}, ${claim!.id})`.execute(db);
    expect(await migrate(db)).toEqual([MIGRATION]);

    const marks = await q<{ transaction_id: string; claim_id: string }>(sql`
      select w.transaction_id, x.claim_id from rebated_settlements x join seamless_transactions w on w.id = x.win_id`);
    expect(marks.map((m) => [m.transaction_id, Number(m.claim_id)])).toEqual([[`${wr}:win`, Number(claim!.id)]]);
    expect(await q(sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'rebated_rounds'`)).toEqual([]);
    expect(await unrebatedByGameType(db, member!.id)).toEqual([]);
    // The win recorded before the migration got the stake it settled from its settled slot.
    expect(await q(sql`select settled_stake_minor::int as stake from seamless_transactions where transaction_id = ${`${wr}:win`}`)).toEqual([
      { stake: 10_000 },
    ]);
  });
});
