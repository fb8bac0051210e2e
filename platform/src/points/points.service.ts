import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  POINT_SOURCES,
  POINTS_MESSAGES,
  type TLanguage,
  type TPointEntryType,
  type TPointsBalance,
  type TPointsConfig,
  type TPointsConvertResult,
  type TPointsEntry,
  type TPointsOrder,
  type TPointsRedeemRequest,
} from '@wl/schemas';
import type { DB, PointsOrdersTable } from '../db/schema.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { marketableMembers } from '../kernel/closure.ts';
import { assertNotExcluded } from '../protection/exclusion.ts';
import { checkWithdrawPassword } from '../security-centre/security-centre.service.ts';
import { accountFor, inTransaction, memberBalance, transfer } from '../wallet/ledger.service.ts';
import { creditEarnedPoints } from './points-earn.ts';
import { changePoints, earnRates, pointsBalance, pointsSettings } from './points.queries.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** The member's points and the exchange ratio (the mall's current points). */
export async function balanceOf(db: TDb, merchantId: number, memberId: number): Promise<TPointsBalance> {
  const [balance, settings] = await Promise.all([pointsBalance(db, memberId), pointsSettings(db, merchantId)]);
  return { balance, ...settings };
}

/** The member's own earn step (the `reward` call): credits what the member's settled bets and played-through deposits earned (docs/0128); a closed account earns nothing. */
export async function rewardMember(db: Kysely<DB>, merchant: TMerchant, memberId: number, now: Date): Promise<{ credited: number; balance: number }> {
  return inTransaction(db, async (trx) => {
    const open = await marketableMembers(trx, [memberId], now);
    const credited = open.has(memberId) ? await creditEarnedPoints(trx, merchant.id, [memberId], now) : [];
    return { credited: credited[0]?.points ?? 0, balance: await pointsBalance(trx, memberId) };
  });
}

/** The rules, the exchange-rate table and the goods on offer, in the request's language. */
export async function pointsConfig(db: TDb, merchantId: number, language: TLanguage): Promise<TPointsConfig> {
  const [rates, settings, goods] = await Promise.all([
    earnRates(db, merchantId),
    pointsSettings(db, merchantId),
    db
      .selectFrom('points_goods')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('active', '=', true)
      .orderBy('points')
      .orderBy('id')
      .limit(200)
      .execute(),
  ]);
  return {
    rates: POINT_SOURCES.map((source) => ({ source, pointsPer100: rates.get(source) ?? 0 })),
    ...settings,
    goods: goods.map((g) => ({
      id: g.id,
      name: language === 'bn' ? g.name_bn : g.name_en,
      description: language === 'bn' ? g.description_bn : g.description_en,
      points: Number(g.points),
      stock: g.stock,
    })),
  };
}

/** One page of the member's points record, newest first, of one type when asked. */
export async function pointsHistory(
  db: TDb,
  memberId: number,
  q: { pageNo: number; pageSize: number; type?: TPointEntryType | undefined },
): Promise<{ rows: TPointsEntry[]; total: number }> {
  let base = db.selectFrom('points_entries').where('member_id', '=', memberId);
  if (q.type) base = base.where('type', '=', q.type);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      type: r.type,
      points: Number(r.points),
      balance: Number(r.balance_after),
      reference: r.reference,
      remark: r.remark,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(total.n),
  };
}

/** An order's reference as the member and the operator read it. */
export const orderReference = (id: number) => `PM${String(id).padStart(8, '0')}`;

type TOrderRow = Selectable<PointsOrdersTable> & { name_en: string; name_bn: string };

export function orderOf(r: TOrderRow, language: TLanguage): TPointsOrder {
  return {
    id: Number(r.id),
    reference: orderReference(Number(r.id)),
    goodsId: r.goods_id,
    name: language === 'bn' ? r.name_bn : r.name_en,
    quantity: r.quantity,
    points: Number(r.points),
    address: r.address,
    mobile: r.mobile,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Orders with their good's names. */
export const ordersQuery = (db: TDb) =>
  db.selectFrom('points_orders as o').innerJoin('points_goods as g', 'g.id', 'o.goods_id').selectAll('o').select(['g.name_en', 'g.name_bn']);

/** The member's orders (redeem history), newest first. */
export async function memberOrders(db: TDb, memberId: number, q: { pageNo: number; pageSize: number }, language: TLanguage) {
  const [rows, total] = await Promise.all([
    ordersQuery(db)
      .where('o.member_id', '=', memberId)
      .orderBy('o.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    db
      .selectFrom('points_orders')
      .where('member_id', '=', memberId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => orderOf(r, language)), total: Number(total.n) };
}

/**
 * Redeems a good (docs/0113, SPEC §5): the withdraw password judged first (counted like a login,
 * outside the transaction so a wrong one's count commits), then in one transaction with the member
 * locked first: a resend of the key answers the first order; the stock taken by a guarded update
 * (never below zero), the points debited by a guarded update (never below zero) with its record
 * row, and the order inserted. Any refusal rolls all of it back.
 */
export async function redeemGoods(
  deps: TPlatformDeps,
  merchant: TMerchant,
  memberId: number,
  req: TPointsRedeemRequest,
  language: TLanguage,
): Promise<{ order: TPointsOrder; balance: number }> {
  await checkWithdrawPassword(deps, merchant, memberId, req.withdrawPassword, 'withdrawPassword');
  return placeOrder(deps.db, merchant, memberId, req, language);
}

/** The order's transaction of redeemGoods, once the withdraw password is judged right. */
export async function placeOrder(
  db: Kysely<DB>,
  merchant: TMerchant,
  memberId: number,
  req: Omit<TPointsRedeemRequest, 'withdrawPassword'>,
  language: TLanguage,
): Promise<{ order: TPointsOrder; balance: number }> {
  return inTransaction(db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const earlier = await ordersQuery(trx).where('o.member_id', '=', memberId).where('o.idempotency_key', '=', req.key).executeTakeFirst();
    if (earlier) {
      if (earlier.goods_id !== req.goodsId || earlier.quantity !== req.quantity || earlier.address !== req.address || earlier.mobile !== req.mobile)
        throw conflict(POINTS_MESSAGES.keyReused);
      return { order: orderOf(earlier, language), balance: await pointsBalance(trx, memberId) };
    }
    const goods = await sql<{ points: number | string; name_en: string; name_bn: string }>`
      update points_goods set stock = stock - ${req.quantity}
      where id = ${req.goodsId} and merchant_id = ${merchant.id} and active and stock >= ${req.quantity}
      returning points, name_en, name_bn`.execute(trx);
    const good = goods.rows[0];
    if (!good) {
      const exists = await trx
        .selectFrom('points_goods')
        .select('id')
        .where('id', '=', req.goodsId)
        .where('merchant_id', '=', merchant.id)
        .where('active', '=', true)
        .executeTakeFirst();
      throw exists ? conflict(POINTS_MESSAGES.outOfStock) : fieldFailure('goodsId', POINTS_MESSAGES.goodsUnavailable, {}, 404);
    }
    const points = Number(good.points) * req.quantity;
    const [{ id }] = (await sql<{ id: number | string }>`select nextval('points_orders_id_seq') as id`.execute(trx)).rows as [{ id: number | string }];
    const orderId = Number(id);
    const entry = await changePoints(trx, {
      merchantId: merchant.id,
      memberId,
      type: 'redeem',
      points: -points,
      reference: orderReference(orderId),
      remark: null,
    });
    if (!entry) throw conflict(POINTS_MESSAGES.insufficient);
    const order = await trx
      .insertInto('points_orders')
      .values({
        id: orderId,
        merchant_id: merchant.id,
        member_id: memberId,
        goods_id: req.goodsId,
        quantity: req.quantity,
        points,
        address: req.address,
        mobile: req.mobile,
        entry_id: entry.entryId,
        idempotency_key: req.key,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: orderOf({ ...order, name_en: good.name_en, name_bn: good.name_bn }, language), balance: entry.balance };
  });
}

/** Cash for points at the ratio, rounded down to a minor unit. */
export function cashFor(points: number, settings: { exchangePoints: number; exchangeMinor: number }): number {
  return settings.exchangePoints === 0 ? 0 : Math.floor((points * settings.exchangeMinor) / settings.exchangePoints);
}

/** A conversion's reference. */
export const conversionReference = (id: number) => `PC${String(id).padStart(8, '0')}`;

/**
 * Converts points to cash (docs/0113), exactly once per member and key: in one transaction with
 * the member locked first (docs/0080; a closed account is refused), a resend of the key answers
 * the first conversion (another amount under it is refused); the points debited by a guarded
 * update with their record row, then the cash moved by one ledger transfer from the merchant's
 * bonus expense to the member's wallet under the member's key, then the conversion row. A crash
 * anywhere leaves all of it or none.
 */
export async function convertPoints(
  deps: TPlatformDeps,
  merchant: TMerchant,
  memberId: number,
  req: { points: number; key: string },
  hooks: { beforeCommit?: () => Promise<void> } = {},
): Promise<TPointsConvertResult> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await assertNotExcluded(trx, merchant.id, memberId, 'reward', now);
    const earlier = await trx
      .selectFrom('points_conversions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', req.key)
      .executeTakeFirst();
    const wallet = await accountFor(trx, merchant, 'member_wallet', { memberId });
    if (earlier) {
      if (Number(earlier.points) !== req.points) throw conflict(POINTS_MESSAGES.keyReused);
      const main = await trx.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', wallet).executeTakeFirstOrThrow();
      return {
        conversionId: Number(earlier.id),
        points: Number(earlier.points),
        amountMinor: Number(earlier.amount_minor),
        balance: await pointsBalance(trx, memberId),
        mainMinor: Number(main.balance_minor),
      };
    }
    // A replay answers the first conversion; a new one waits for the owner's stop to lift (docs/rules/operator.md#o-12).
    await assertNotStopped(trx, merchant.id, 'money');
    const settings = await pointsSettings(trx, merchant.id);
    if (settings.exchangePoints === 0) throw new WpsError(409, POINTS_MESSAGES.convertClosed);
    if (req.points < settings.minConvertPoints) throw fieldFailure('points', POINTS_MESSAGES.convertBelowMinimum, { min: settings.minConvertPoints });
    const amountMinor = cashFor(req.points, settings);
    if (amountMinor < 1) throw fieldFailure('points', POINTS_MESSAGES.convertTooSmall);
    const [{ id }] = (await sql<{ id: number | string }>`select nextval('points_conversions_id_seq') as id`.execute(trx)).rows as [{ id: number | string }];
    const conversionId = Number(id);
    const entry = await changePoints(trx, {
      merchantId: merchant.id,
      memberId,
      type: 'convert',
      points: -req.points,
      reference: conversionReference(conversionId),
      remark: null,
    });
    if (!entry) throw conflict(POINTS_MESSAGES.insufficient);
    const moved = await transfer(trx, {
      from: await accountFor(trx, merchant, 'bonus_expense'),
      to: wallet,
      amountMinor,
      owner: { kind: 'member', id: memberId },
      idempotencyKey: `points-convert:${req.key}`,
      kind: 'points_convert',
      meta: { conversionId, points: req.points },
    });
    await trx
      .insertInto('points_conversions')
      .values({
        id: conversionId,
        merchant_id: merchant.id,
        member_id: memberId,
        points: req.points,
        amount_minor: amountMinor,
        entry_id: entry.entryId,
        ledger_transaction_id: moved.transactionId,
        idempotency_key: req.key,
      })
      .execute();
    await hooks.beforeCommit?.();
    return { conversionId, points: req.points, amountMinor, balance: entry.balance, mainMinor: memberBalance(moved.toBalanceMinor) };
  });
}
