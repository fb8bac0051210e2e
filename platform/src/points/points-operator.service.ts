import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  POINT_SOURCES,
  POINTS_MAX_RETURN_MINOR_PER_100,
  POINTS_MESSAGES,
  type TOperatorGoods,
  type TOperatorGoodsSave,
  type TOperatorPointsOrder,
  type TOperatorPointsSettings,
  type TPointOrderState,
} from '@wl/schemas';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB, PointsGoodsTable } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { changePoints, earnRates, pointsSettings } from './points.queries.ts';
import { orderOf, orderReference, ordersQuery } from './points.service.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** The merchant's earn rates and exchange ratio as the console edits them. */
export async function operatorPointsSettings(db: TDb, merchantId: number): Promise<TOperatorPointsSettings> {
  const [rates, settings] = await Promise.all([earnRates(db, merchantId), pointsSettings(db, merchantId)]);
  return { rates: POINT_SOURCES.map((source) => ({ source, pointsPer100: rates.get(source) ?? 0 })), ...settings };
}

/** Replaces the earn rates and the exchange ratio (finance: money.write), audited with before and after. */
export async function setPointsSettings(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorPointsSettings,
): Promise<TOperatorPointsSettings> {
  if ((req.exchangePoints === 0) !== (req.exchangeMinor === 0)) throw fieldFailure('exchangeMinor', POINTS_MESSAGES.exchangeInvalid);
  if (new Set(req.rates.map((r) => r.source)).size !== req.rates.length) throw fieldFailure('rates', POINTS_MESSAGES.ratesDuplicate);
  // What ৳100 earns, converted (pointsPer100 × exchangeMinor / exchangePoints), stays within the bound.
  if (req.exchangePoints > 0 && req.rates.some((r) => r.pointsPer100 * req.exchangeMinor > POINTS_MAX_RETURN_MINOR_PER_100 * req.exchangePoints))
    throw fieldFailure('rates', POINTS_MESSAGES.returnTooHigh);
  return inTransaction(deps.db, async (trx) => {
    // One editor at a time: the settings row is the merchant's lock for its rates.
    await trx
      .insertInto('points_settings')
      .values({ merchant_id: merchant.id, exchange_points: 0, exchange_minor: 0, min_convert_points: 1 })
      .onConflict((oc) => oc.column('merchant_id').doNothing())
      .execute();
    await trx.selectFrom('points_settings').select('merchant_id').where('merchant_id', '=', merchant.id).forNoKeyUpdate().execute();
    const before = await operatorPointsSettings(trx, merchant.id);
    await trx
      .updateTable('points_settings')
      .set({ exchange_points: req.exchangePoints, exchange_minor: req.exchangeMinor, min_convert_points: req.minConvertPoints })
      .where('merchant_id', '=', merchant.id)
      .execute();
    await trx.deleteFrom('points_earn_rates').where('merchant_id', '=', merchant.id).execute();
    if (req.rates.length > 0)
      await trx
        .insertInto('points_earn_rates')
        .values(req.rates.map((r) => ({ merchant_id: merchant.id, source: r.source, points_per_100: r.pointsPer100 })))
        .execute();
    const after = await operatorPointsSettings(trx, merchant.id);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor: op, ip, action: 'points.settings.set', before, after, configVersion: null });
    return after;
  });
}

const goodsOf = (g: Selectable<PointsGoodsTable>): TOperatorGoods => ({
  id: g.id,
  nameEn: g.name_en,
  nameBn: g.name_bn,
  descriptionEn: g.description_en,
  descriptionBn: g.description_bn,
  points: Number(g.points),
  stock: g.stock,
  active: g.active,
});

/** Every good of the merchant, newest first. */
export async function operatorGoods(db: TDb, merchantId: number): Promise<{ rows: TOperatorGoods[] }> {
  const rows = await db.selectFrom('points_goods').selectAll().where('merchant_id', '=', merchantId).orderBy('id', 'desc').limit(200).execute();
  return { rows: rows.map(goodsOf) };
}

/** Creates a good, or edits one of the merchant's (content: whitelabel.write), audited with before and after. */
export async function savePointsGoods(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorGoodsSave,
): Promise<TOperatorGoods> {
  return inTransaction(deps.db, async (trx) => {
    const values = {
      name_en: req.nameEn,
      name_bn: req.nameBn,
      description_en: req.descriptionEn,
      description_bn: req.descriptionBn,
      points: req.points,
      stock: req.stock,
      active: req.active,
    };
    let before: TOperatorGoods | null = null;
    let saved: Selectable<PointsGoodsTable>;
    if (req.id === undefined) {
      saved = await trx
        .insertInto('points_goods')
        .values({ merchant_id: merchant.id, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      const row = await trx
        .selectFrom('points_goods')
        .selectAll()
        .where('id', '=', req.id)
        .where('merchant_id', '=', merchant.id)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!row) throw fieldFailure('id', POINTS_MESSAGES.goodsUnavailable, {}, 404);
      before = goodsOf(row);
      saved = await trx.updateTable('points_goods').set(values).where('id', '=', req.id).returningAll().executeTakeFirstOrThrow();
    }
    const after = goodsOf(saved);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor: op, ip, action: 'points.goods.save', before, after, configVersion: null });
    return after;
  });
}

const withUsername = (db: TDb) => ordersQuery(db).innerJoin('members as m', 'm.id', 'o.member_id').select('m.username');

/** The merchant's orders, newest first, of one state when asked (names in English: the console's). */
export async function operatorOrders(db: TDb, merchantId: number, q: { pageNo: number; pageSize: number; status?: TPointOrderState | undefined }) {
  let base = withUsername(db).where('o.merchant_id', '=', merchantId);
  let count = db.selectFrom('points_orders').where('merchant_id', '=', merchantId);
  if (q.status) {
    base = base.where('o.status', '=', q.status);
    count = count.where('status', '=', q.status);
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('o.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r): TOperatorPointsOrder => ({ ...orderOf(r, 'en'), username: r.username })), total: Number(total.n) };
}

/** The moves an order may make: placed → shipped → delivered; placed or shipped → rejected (points and stock back). */
const NEXT: Readonly<Record<TPointOrderState, readonly TPointOrderState[]>> = {
  pending: ['shipped', 'rejected'],
  shipped: ['delivered', 'rejected'],
  delivered: [],
  rejected: [],
};

/**
 * Moves an order of the merchant on (content: whitelabel.write), audited. A refusal gives the
 * member's points back (a `refund` record row) and the stock, in the same transaction; an order
 * moves once (the state is read locked, a second operator's same move is refused).
 */
export async function setOrderStatus(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { orderId: number; status: 'shipped' | 'delivered' | 'rejected' },
): Promise<TOperatorPointsOrder> {
  return inTransaction(deps.db, async (trx) => {
    const order = await trx
      .selectFrom('points_orders')
      .selectAll()
      .where('id', '=', req.orderId)
      .where('merchant_id', '=', merchant.id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!order) throw fieldFailure('orderId', POINTS_MESSAGES.orderNotFound, {}, 404);
    if (!NEXT[order.status].includes(req.status)) throw conflict(POINTS_MESSAGES.orderStatusInvalid);
    if (req.status === 'rejected') {
      // The stock first, then the points: the order a redeem takes them in (no lock cycle).
      await trx
        .updateTable('points_goods')
        .set((eb) => ({ stock: eb('stock', '+', order.quantity) }))
        .where('id', '=', order.goods_id)
        .execute();
      await changePoints(trx, {
        merchantId: merchant.id,
        memberId: order.member_id,
        type: 'refund',
        points: Number(order.points),
        reference: orderReference(Number(order.id)),
        remark: null,
      });
    }
    await trx.updateTable('points_orders').set({ status: req.status, updated_at: deps.clock() }).where('id', '=', order.id).execute();
    const after = await withUsername(trx).where('o.id', '=', order.id).executeTakeFirstOrThrow();
    const result = { ...orderOf(after, 'en'), username: after.username };
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'points.order.status',
      before: { orderId: Number(order.id), status: order.status },
      after: { orderId: Number(order.id), status: req.status, memberId: order.member_id },
      configVersion: null,
    });
    return result;
  });
}
