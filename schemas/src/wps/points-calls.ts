import { z } from 'zod';
import { zSecret, zText } from '../text.ts';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZBigId, ZIdempotencyKey, ZInstant, ZRecordPaging, ZRowId } from './shapes.ts';

/**
 * The points mall (docs/0113): points earned on settled bets by game type and on approved
 * deposits, kept as a balance with an append-only record; goods redeemed with the withdraw
 * password, a receiving address and a mobile (SPEC §5); points converted to cash at the operator's
 * ratio through the ledger. Points never expire (SPEC §9). SPEC §7: balance, reward, redeem, redeem
 * list, config, convert; redeem and convert are encrypted.
 */
export const POINTS_PATHS = {
  /** GET: the member's points and the exchange ratio. */
  balance: '/wps/member/points/balance',
  /** POST: credit the points the member's settled bets and approved deposits earned (the job does the same for everyone); the page sends it when it opens. */
  reward: '/wps/member/points/reward',
  /** GET: earn rates, the exchange ratio and the goods on offer (the rules and the exchange-rate table). */
  config: '/wps/member/points/config',
  /** GET: one page of the member's points record (points details), newest first. */
  history: '/wps/member/points/history',
  /** POST (encrypted) { goodsId, quantity, withdrawPassword, address, mobile, key }. */
  redeem: '/wps/member/points/redeem',
  /** GET: the member's orders (redeem history), newest first. */
  redeemList: '/wps/member/points/redeem/list',
  /** POST (encrypted) { points, key }: points to the main wallet at the exchange ratio. */
  convert: '/wps/member/points/convert',
} as const;

export const OPERATOR_POINTS_PATHS = {
  /** GET / POST: earn rates and the exchange ratio (finance). */
  settings: '/wps/operator/points/settings',
  setSettings: '/wps/operator/points/settings/save',
  /** GET / POST: the goods (content). */
  goods: '/wps/operator/points/goods',
  saveGoods: '/wps/operator/points/goods/save',
  /** GET / POST: the orders and their states (content). */
  orders: '/wps/operator/points/orders',
  setOrderStatus: '/wps/operator/points/orders/status',
} as const;

/** Message keys of the points mall; the web translates them. */
export const POINTS_MESSAGES = {
  insufficient: 'points_insufficient',
  outOfStock: 'points_out_of_stock',
  goodsUnavailable: 'points_goods_unavailable',
  convertClosed: 'points_convert_closed',
  convertBelowMinimum: 'points_convert_below_minimum',
  convertTooSmall: 'points_convert_too_small',
  keyReused: 'idempotency_key_reused',
  orderNotFound: 'points_order_not_found',
  orderStatusInvalid: 'points_order_status_invalid',
  mobileInvalid: 'points_mobile_invalid',
  exchangeInvalid: 'points_exchange_invalid',
  ratesDuplicate: 'points_rates_duplicate',
  returnTooHigh: 'points_return_too_high',
} as const;

/**
 * The most cash the points of ৳100 staked or deposited may convert to, in minor units (2 %): with no
 * bound, one finance operator could set a rate or a ratio that turns a colluding member's play, or a
 * deposit and its withdrawal, into money from the bonus expense (docs/0113).
 */
export const POINTS_MAX_RETURN_MINOR_PER_100 = 200;

/** Where points come from (SPEC §3 record types live, lott, pvp, rng, sports, deposit). */
export const POINT_SOURCES = ['live', 'lott', 'pvp', 'rng', 'sports', 'deposit'] as const;
export type TPointSource = (typeof POINT_SOURCES)[number];
/** Every kind of record row: the sources, a redeem, a conversion to cash, a refused order's refund. */
export const POINT_ENTRY_TYPES = [...POINT_SOURCES, 'redeem', 'convert', 'refund', 'ticket'] as const;
export type TPointEntryType = (typeof POINT_ENTRY_TYPES)[number];
/** An order's states: placed, sent, received; or refused (its points and stock returned). */
export const POINT_ORDER_STATES = ['pending', 'shipped', 'delivered', 'rejected'] as const;
export type TPointOrderState = (typeof POINT_ORDER_STATES)[number];

const ZPoints = z.number().int().nonnegative().refine(Number.isSafeInteger);
const ZMinorAmount = z.number().int().nonnegative().refine(Number.isSafeInteger);
/** Points earned per 100 units of currency (10,000 minor units) of valid bet or deposit. */
export const ZEarnRate = z.number().int().min(0).max(10_000);
/** A receiving address: SPEC §5's remark bound (140 characters). */
export const ZReceivingAddress = zText({ max: 140, min: 5 });
/** A mobile number: digits with an optional leading +. */
export const ZPointsMobile = zText({ max: 16 }).regex(/^\+?[0-9]{7,15}$/, 'points_mobile_invalid');

export const ZPointsBalance = z.object({
  balance: ZPoints,
  /** `exchangePoints` points convert to `exchangeMinor` minor units; 0 and 0 while the operator has set none. */
  exchangePoints: ZPoints,
  exchangeMinor: ZMinorAmount,
  minConvertPoints: ZPoints,
});
export type TPointsBalance = z.infer<typeof ZPointsBalance>;
export const ZPointsRewardResult = z.object({ credited: ZPoints, balance: ZPoints });

export const ZPointsGoods = z.object({
  id: ZRowId,
  name: z.string().max(80),
  description: z.string().max(1000),
  points: ZPoints,
  stock: ZPoints,
});
export type TPointsGoods = z.infer<typeof ZPointsGoods>;
export const ZPointsConfig = z.object({
  rates: z.array(z.object({ source: z.enum(POINT_SOURCES), pointsPer100: ZEarnRate })).max(POINT_SOURCES.length),
  exchangePoints: ZPoints,
  exchangeMinor: ZMinorAmount,
  minConvertPoints: ZPoints,
  goods: z.array(ZPointsGoods).max(200),
});
export type TPointsConfig = z.infer<typeof ZPointsConfig>;

export const ZPointsHistoryQuery = z.object({ ...ZRecordPaging, type: z.enum(POINT_ENTRY_TYPES).optional() });
export const ZPointsEntry = z.object({
  id: ZBigId,
  type: z.enum(POINT_ENTRY_TYPES),
  /** Signed: earned positive, spent negative. */
  points: z.number().int().refine(Number.isSafeInteger),
  balance: ZPoints,
  reference: z.string().max(80),
  remark: z.string().max(200).nullable(),
  createdAt: ZInstant,
});
export type TPointsEntry = z.infer<typeof ZPointsEntry>;
export const ZPointsHistory = z.object({ rows: z.array(ZPointsEntry).max(100), total: z.number().int().nonnegative() });

export const ZPointsRedeemRequest = z.object({
  goodsId: ZRowId,
  quantity: z.number().int().min(1).max(10),
  withdrawPassword: zSecret(),
  address: ZReceivingAddress,
  mobile: ZPointsMobile,
  key: ZIdempotencyKey,
});
export type TPointsRedeemRequest = z.infer<typeof ZPointsRedeemRequest>;
export const ZPointsOrder = z.object({
  id: ZBigId,
  reference: z.string().max(40),
  goodsId: ZRowId,
  name: z.string().max(80),
  quantity: z.number().int().min(1).max(10),
  points: ZPoints,
  address: z.string().max(140),
  mobile: z.string().max(16),
  status: z.enum(POINT_ORDER_STATES),
  createdAt: ZInstant,
  updatedAt: ZInstant,
});
export type TPointsOrder = z.infer<typeof ZPointsOrder>;
export const ZPointsRedeemResult = z.object({ order: ZPointsOrder, balance: ZPoints });
export const ZPointsOrders = z.object({ rows: z.array(ZPointsOrder).max(100), total: z.number().int().nonnegative() });
export const ZPointsOrdersQuery = z.object({ ...ZRecordPaging });

export const ZPointsConvertRequest = z.object({ points: z.number().int().min(1).max(1_000_000_000), key: ZIdempotencyKey });
export const ZPointsConvertResult = z.object({ conversionId: ZBigId, points: ZPoints, amountMinor: ZMinorAmount, balance: ZPoints, mainMinor: ZMinorAmount });
export type TPointsConvertResult = z.infer<typeof ZPointsConvertResult>;

export const POINTS_CALLS = {
  balance: declareCall({ method: 'GET', path: POINTS_PATHS.balance, moduleId: 'POINTS', output: ZPointsBalance, audience: REAL_MEMBER }),
  /** Credits points (never money): a resend credits nothing more, each round and deposit once. */
  reward: declareCall({ method: 'POST', path: POINTS_PATHS.reward, moduleId: 'POINTS', output: ZPointsRewardResult, audience: REAL_MEMBER }),
  config: declareCall({ method: 'GET', path: POINTS_PATHS.config, moduleId: 'POINTS', output: ZPointsConfig, audience: REAL_MEMBER }),
  history: declareCall({
    method: 'GET',
    path: POINTS_PATHS.history,
    moduleId: 'POINTS',
    input: ZPointsHistoryQuery,
    output: ZPointsHistory,
    audience: REAL_MEMBER,
  }),
  redeem: declareCall({
    method: 'POST',
    path: POINTS_PATHS.redeem,
    moduleId: 'POINTS',
    input: ZPointsRedeemRequest,
    output: ZPointsRedeemResult,
    encrypted: true,
    audience: REAL_MEMBER,
  }),
  redeemList: declareCall({
    method: 'GET',
    path: POINTS_PATHS.redeemList,
    moduleId: 'POINTS',
    input: ZPointsOrdersQuery,
    output: ZPointsOrders,
    audience: REAL_MEMBER,
  }),
  /** A money call: the cash comes through the ledger, once per key. */
  convert: declareCall({
    method: 'POST',
    path: POINTS_PATHS.convert,
    moduleId: 'POINTS',
    input: ZPointsConvertRequest,
    output: ZPointsConvertResult,
    encrypted: true,
    audience: REAL_MEMBER,
    kind: 'money',
  }),
} as const;

export const ZOperatorPointsSettings = z.object({
  rates: z.array(z.object({ source: z.enum(POINT_SOURCES), pointsPer100: ZEarnRate })).max(POINT_SOURCES.length),
  /** 0 and 0: conversion closed. */
  exchangePoints: z.number().int().min(0).max(1_000_000),
  exchangeMinor: z.number().int().min(0).max(100_000_000),
  minConvertPoints: z.number().int().min(1).max(1_000_000_000),
});
export type TOperatorPointsSettings = z.infer<typeof ZOperatorPointsSettings>;

export const ZOperatorGoods = z.object({
  id: ZRowId,
  nameEn: z.string().max(80),
  nameBn: z.string().max(80),
  descriptionEn: z.string().max(1000),
  descriptionBn: z.string().max(1000),
  points: ZPoints,
  stock: ZPoints,
  active: z.boolean(),
});
export type TOperatorGoods = z.infer<typeof ZOperatorGoods>;
export const ZOperatorGoodsSave = z.object({
  /** Absent: a new good. */
  id: ZRowId.optional(),
  nameEn: zText({ max: 80, min: 1 }),
  nameBn: zText({ max: 80, min: 1 }),
  descriptionEn: zText({ max: 1000, multiline: true }),
  descriptionBn: zText({ max: 1000, multiline: true }),
  points: z.number().int().min(1).max(100_000_000),
  stock: z.number().int().min(0).max(1_000_000),
  active: z.boolean(),
});
export type TOperatorGoodsSave = z.infer<typeof ZOperatorGoodsSave>;

export const ZOperatorPointsOrder = ZPointsOrder.extend({ username: z.string().max(200) });
export type TOperatorPointsOrder = z.infer<typeof ZOperatorPointsOrder>;
export const ZOperatorPointsOrdersQuery = z.object({ ...ZRecordPaging, status: z.enum(POINT_ORDER_STATES).optional() });
export const ZOperatorPointsOrders = z.object({ rows: z.array(ZOperatorPointsOrder).max(100), total: z.number().int().nonnegative() });
export const ZOperatorOrderStatusRequest = z.object({ orderId: ZBigId, status: z.enum(['shipped', 'delivered', 'rejected']) });

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_POINTS_CALLS = {
  pointsSettings: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_POINTS_PATHS.settings,
    output: ZOperatorPointsSettings,
    audience: operatorWith('config.read'),
  }),
  /** Earn rates and the exchange ratio decide what points are worth in cash: finance's (money.write). */
  setPointsSettings: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_POINTS_PATHS.setSettings,
    input: ZOperatorPointsSettings,
    output: ZOperatorPointsSettings,
    audience: operatorWith('money.write'),
  }),
  pointsGoods: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_POINTS_PATHS.goods,
    output: z.object({ rows: z.array(ZOperatorGoods).max(200) }),
    audience: operatorWith('config.read'),
  }),
  /** The goods are content (whitelabel.write): names, descriptions, points and stock. */
  savePointsGoods: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_POINTS_PATHS.saveGoods,
    input: ZOperatorGoodsSave,
    output: ZOperatorGoods,
    audience: operatorWith('whitelabel.write'),
  }),
  /** Orders carry the member's address and mobile: the content role that ships them, and the owner. */
  pointsOrders: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_POINTS_PATHS.orders,
    input: ZOperatorPointsOrdersQuery,
    output: ZOperatorPointsOrders,
    audience: operatorWith('whitelabel.write'),
  }),
  setPointsOrderStatus: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_POINTS_PATHS.setOrderStatus,
    input: ZOperatorOrderStatusRequest,
    output: ZOperatorPointsOrder,
    audience: operatorWith('whitelabel.write'),
  }),
} as const;
