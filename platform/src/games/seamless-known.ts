import { perDatabase } from '../db/call-deadline.ts';
import { NON_MEMBER_TYPE, SEAMLESS_MESSAGES, TRIAL_TYPE, WPS_CODES } from '@wl/schemas';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { accountFor } from '../wallet/ledger.service.ts';
import type { TSeamlessProvider } from './seamless-auth.ts';

/*
 * What the seamless wallet keeps between calls (docs/0081): only facts that never change once true.
 * A member's merchant and type are written once, with the member, and never updated; a ledger
 * account's id for its (merchant, purpose, code, member) never changes and no account is deleted.
 * So a kept answer is the answer a query would give, in this process and in any other on the same
 * database, and nothing needs invalidating. Each map is per platform and bounded: past its size it
 * starts again empty (the next calls read again).
 */

const MAX_KEPT = 50_000;

type TKept = { players: Map<string, number>; accounts: Map<string, { wallet: number; house: number; bonus: number }> };

const keptIn = perDatabase<TKept>(() => ({ players: new Map(), accounts: new Map() }));
const keptOf = (deps: TPlatformDeps): TKept => keptIn(deps.db);

function keep<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
  return value;
}

/** The member behind a playerId: a real member of the provider's merchant (no trial, no non-member). */
export async function playerOf(deps: TPlatformDeps, provider: TSeamlessProvider, playerId: string): Promise<number> {
  const { players } = keptOf(deps);
  const key = `${provider.merchant.id}:${playerId}`;
  const known = players.get(key);
  if (known !== undefined) return known;
  const member = await deps.db
    .selectFrom('members')
    .select(['id', 'type'])
    .where('id', '=', Number(playerId))
    .where('merchant_id', '=', provider.merchant.id)
    .executeTakeFirst();
  if (!member || member.type === TRIAL_TYPE || member.type === NON_MEMBER_TYPE) throw new WpsError(WPS_CODES.notFound, SEAMLESS_MESSAGES.playerUnknown, null);
  return keep(players, key, member.id);
}

/**
 * The member's wallet, bonus wallet (docs/0095) and the provider's house account. Created, when new, outside the caller's
 * transaction (an empty account is harmless), so a kept id always names a committed account.
 */
export async function accountsOf(
  deps: TPlatformDeps,
  provider: TSeamlessProvider,
  memberId: number,
): Promise<{ wallet: number; house: number; bonus: number }> {
  const { accounts } = keptOf(deps);
  const key = `${provider.merchant.id}:${provider.code}:${memberId}`;
  const known = accounts.get(key);
  if (known) return known;
  const wallet = await accountFor(deps.db, provider.merchant, 'member_wallet', { memberId });
  const house = await accountFor(deps.db, provider.merchant, 'provider', { code: provider.code });
  const bonus = await accountFor(deps.db, provider.merchant, 'member_bonus', { memberId });
  return keep(accounts, key, { wallet, house, bonus });
}
