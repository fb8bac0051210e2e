import type { Transaction } from 'kysely';
import { BONUS_MESSAGES, type TBonusSource } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { identityLockKeys, linkedByNetwork, lockKeys, samePersonMembers } from './identity.ts';

/*
 * The abuse controls an activation passes before any money moves (docs/0097). A bonus an operator
 * gives by hand ('operator') is deliberate and passes both.
 */

/**
 * One bonus of a kind per person: refused (`bonus_one_per_person`) when another member sharing the
 * member's mobile, e-mail or payee name already had a bonus of the same source activated (of a code,
 * the same code: docs/0118; of a mission, the same mission and period: docs/0119). The person's identity keys are locked first, so members of one family
 * racing take turns and one wins.
 */
export async function refuseSecondOfPerson(trx: Transaction<DB>, merchantId: number, memberId: number, source: TBonusSource, sourceKey: string): Promise<void> {
  if (source === 'operator') return;
  const keyed = source === 'code' || source === 'mission';
  const kind = keyed ? `${source}:${sourceKey}` : source;
  await lockKeys(trx, await identityLockKeys(trx, merchantId, memberId, `bonus:${kind}`));
  const others = await samePersonMembers(trx, merchantId, memberId);
  if (others.length === 0) return;
  const had = await trx
    .selectFrom('bonus_awards')
    .select('id')
    .where('member_id', 'in', others)
    .where('source', '=', source)
    .$if(keyed, (q) => q.where('source_key', '=', sourceKey))
    .where('activated_at', 'is not', null)
    .executeTakeFirst();
  if (had) throw new WpsError(409, BONUS_MESSAGES.onePerPerson);
}

/**
 * Linked accounts wait for a person: when the member shares a network with another member within the
 * window, the award is marked held and a review row is written (once per award); true when held.
 */
export async function holdIfLinked(
  trx: Transaction<DB>,
  merchantId: number,
  memberId: number,
  award: { id: number; source: TBonusSource },
  now: Date,
): Promise<boolean> {
  if (award.source === 'operator') return false;
  const links = await linkedByNetwork(trx, merchantId, memberId, now);
  if (links.length === 0) return false;
  const linked = [...new Set(links.flatMap((l) => l.memberIds))].sort((a, b) => a - b);
  const reason = `ip_range ${links.map((l) => l.range).join(' ')}`.slice(0, 500);
  await trx.updateTable('bonus_awards').set({ held: true }).where('id', '=', award.id).execute();
  await trx
    .insertInto('bonus_reviews')
    .values({ merchant_id: merchantId, award_id: award.id, member_id: memberId, reason, linked_member_ids: JSON.stringify(linked) })
    .onConflict((oc) => oc.column('award_id').doNothing())
    .execute();
  return true;
}
