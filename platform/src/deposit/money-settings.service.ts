import type { Kysely, Transaction } from 'kysely';
import {
  DEPOSIT_MESSAGES,
  MONEY_CONTROL_FIELDS,
  ZMoneySettingsRequest,
  type TMoneySettingChange,
  type TMoneySettings,
  type TMoneySettingsRequest,
  type TMoneySettingsResponse,
} from '@wl/schemas';
import { roleAllows } from '../access/permissions.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { isDemoMode } from '../system/demo-mode.ts';
import { allChannels } from './deposit.queries.ts';
import { conflict, fieldError } from '../http/errors.ts';
import { auditedConfigChange, recordOperatorAudit } from '../audit/operator-audit.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/**
 * Four eyes on a pending request (docs/0066): refuses what a second operator may not decide, the
 * locked row read: missing is 404, already decided 409 `notPending`, the requester's own 403
 * `ownRequest`.
 */
export function assertDecidable<T extends { status: string; requested_by: number }>(
  row: T | undefined,
  op: TSessionOperator,
  refusals: { notPending: string; ownRequest: string },
): asserts row is T {
  if (!row) throw wpsErrors.notFound();
  if (row.status !== 'pending') throw conflict(refusals.notPending);
  if (row.requested_by === op.operatorId) throw new WpsError(403, refusals.ownRequest);
}

/** The merchant's money settings and every deposit channel (money.read). */
export async function moneySettings(db: TDb, merchantId: number): Promise<TMoneySettings> {
  const [m, channels] = await Promise.all([
    db
      .selectFrom('merchants')
      .select([
        'withdraw_min_minor',
        'withdraw_max_minor',
        'withdraw_daily_count',
        'withdraw_confirm_minutes',
        'bank_accounts_max',
        'adjustment_four_eyes_minor',
        'adjustment_daily_operator_minor',
        'adjustment_daily_member_minor',
        'deposit_four_eyes_minor',
        'merchant_wallet_single',
        'payout_cooling_minutes',
      ])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow(),
    allChannels(db, merchantId),
  ]);
  return {
    withdrawMinMinor: m.withdraw_min_minor,
    withdrawMaxMinor: m.withdraw_max_minor,
    withdrawDailyCount: m.withdraw_daily_count,
    withdrawConfirmMinutes: m.withdraw_confirm_minutes,
    bankAccountsMax: m.bank_accounts_max,
    adjustmentFourEyesMinor: m.adjustment_four_eyes_minor,
    adjustmentDailyOperatorMinor: m.adjustment_daily_operator_minor,
    adjustmentDailyMemberMinor: m.adjustment_daily_member_minor,
    depositFourEyesMinor: m.deposit_four_eyes_minor,
    merchantWalletSingle: m.merchant_wallet_single,
    payoutCoolingMinutes: m.payout_cooling_minutes,
    channels: channels.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      minMinor: c.min_minor,
      maxMinor: c.max_minor,
      quickAmountsMinor: c.quick_amounts_minor,
      autoSettleSeconds: c.auto_settle_seconds,
      enabled: c.enabled,
    })),
  };
}

type TChange = { change: Partial<TMoneySettingsRequest>; before: Record<string, unknown> };
type TItem = TMoneySettingChange['items'][number];

/** Each field a stored change sets, with its value when the change was asked for. */
function itemsOf(c: TChange): TItem[] {
  const items: TItem[] = [];
  for (const f of MONEY_CONTROL_FIELDS) {
    if (c.change[f] !== undefined) items.push({ field: f, channelCode: null, before: c.before[f] as TItem['before'], after: c.change[f] });
  }
  const beforeChannels = (c.before.channels ?? []) as Record<string, unknown>[];
  for (const ch of c.change.channels ?? []) {
    const b = beforeChannels.find((x) => x.id === ch.id) ?? {};
    for (const [field, after] of Object.entries(ch)) {
      if (field === 'id' || after === undefined) continue;
      items.push({
        field,
        channelCode: typeof b.code === 'string' ? b.code : null,
        before: (b[field] ?? null) as TItem['before'],
        after: after as TItem['after'],
      });
    }
  }
  return items;
}

/** Changes of the four-eyes limits and channels that wait for a second owner, oldest first (docs/0066). */
export async function pendingSettingChanges(db: TDb, merchantId: number): Promise<TMoneySettingChange[]> {
  const rows = await db
    .selectFrom('money_setting_changes as c')
    .innerJoin('operators as r', 'r.id', 'c.requested_by')
    .select(['c.id', 'c.change', 'c.before', 'c.created_at', 'r.username'])
    .where('c.merchant_id', '=', merchantId)
    .where('c.status', '=', 'pending')
    .orderBy('c.id', 'asc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    requestedBy: r.username,
    createdAt: new Date(r.created_at).toISOString(),
    items: itemsOf({ change: r.change as Partial<TMoneySettingsRequest>, before: r.before }),
  }));
}

/** The settings with the changes waiting for a second owner (GET and PUT answer this). */
export async function moneySettingsView(db: TDb, merchantId: number): Promise<TMoneySettingsResponse> {
  const [settings, pendingChanges] = await Promise.all([moneySettings(db, merchantId), pendingSettingChanges(db, merchantId)]);
  return { ...settings, pendingChanges };
}

const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings a request makes of `current`. Ranges are checked by the schema; what spans fields
 * here: withdraw max ≥ min, each channel's max ≥ min and its quick amounts within them, channel ids
 * of this merchant. Throws (and so writes nothing) unless all of it holds.
 */
function settingsAfter(current: TMoneySettings, req: TMoneySettingsRequest, opts: { autoSettleAllowed: boolean }): TMoneySettings {
  const { channels: channelChanges = [], ...top } = req;
  const next: TMoneySettings = { ...current, ...defined(top), channels: current.channels.map((c) => ({ ...c })) };
  if (next.withdrawMaxMinor < next.withdrawMinMinor)
    throw fieldError(top.withdrawMaxMinor === undefined ? 'withdrawMinMinor' : 'withdrawMaxMinor', DEPOSIT_MESSAGES.withdrawRangeInvalid);
  for (const [i, change] of channelChanges.entries()) {
    const channel = next.channels.find((c) => c.id === change.id);
    if (!channel) throw wpsErrors.notFound();
    // Auto-settle exists only in demo mode (docs/0065): a real channel settles by an operator.
    if (typeof change.autoSettleSeconds === 'number' && !opts.autoSettleAllowed)
      throw fieldError(`channels.${i}.autoSettleSeconds`, DEPOSIT_MESSAGES.autoSettleDemoOnly);
    Object.assign(channel, defined(change));
    if (channel.maxMinor < channel.minMinor) throw fieldError(`channels.${i}.maxMinor`, DEPOSIT_MESSAGES.channelRangeInvalid);
    if (channel.quickAmountsMinor.some((q) => q < channel.minMinor || q > channel.maxMinor)) {
      throw fieldError(`channels.${i}.quickAmountsMinor`, DEPOSIT_MESSAGES.channelRangeInvalid);
    }
  }
  return next;
}

/**
 * The part of `next` that touches the four-eyes limits or the channels (docs/0066), as the fields
 * that differ from `current` and their current values; null when it touches none.
 */
function controlledChange(current: TMoneySettings, next: TMoneySettings): TChange | null {
  const change: Partial<TMoneySettingsRequest> = {};
  const before: Record<string, unknown> = {};
  for (const f of MONEY_CONTROL_FIELDS) {
    if (next[f] !== current[f]) {
      change[f] = next[f];
      before[f] = current[f];
    }
  }
  const channels: NonNullable<TMoneySettingsRequest['channels']> = [];
  const beforeChannels: Record<string, unknown>[] = [];
  for (const c of next.channels) {
    const was = current.channels.find((x) => x.id === c.id)!;
    const diff = Object.fromEntries(Object.entries(c).filter(([k, v]) => k !== 'id' && k !== 'code' && k !== 'name' && !same(v, was[k as keyof typeof was])));
    if (Object.keys(diff).length === 0) continue;
    channels.push({ id: c.id, ...diff });
    beforeChannels.push({ id: c.id, code: was.code, ...Object.fromEntries(Object.keys(diff).map((k) => [k, was[k as keyof typeof was]])) });
  }
  if (channels.length > 0) {
    change.channels = channels;
    before.channels = beforeChannels;
  }
  return Object.keys(change).length === 0 ? null : { change, before };
}

/** Writes `next` over `current` (the merchant row, then each channel that changed). */
async function writeSettings(trx: Transaction<DB>, merchantId: number, current: TMoneySettings, next: TMoneySettings): Promise<void> {
  await trx
    .updateTable('merchants')
    .set({
      withdraw_min_minor: next.withdrawMinMinor,
      withdraw_max_minor: next.withdrawMaxMinor,
      withdraw_daily_count: next.withdrawDailyCount,
      withdraw_confirm_minutes: next.withdrawConfirmMinutes,
      bank_accounts_max: next.bankAccountsMax,
      adjustment_four_eyes_minor: next.adjustmentFourEyesMinor,
      adjustment_daily_operator_minor: next.adjustmentDailyOperatorMinor,
      adjustment_daily_member_minor: next.adjustmentDailyMemberMinor,
      deposit_four_eyes_minor: next.depositFourEyesMinor,
      merchant_wallet_single: next.merchantWalletSingle,
      payout_cooling_minutes: next.payoutCoolingMinutes,
    })
    .where('id', '=', merchantId)
    .execute();
  for (const c of next.channels) {
    const before = current.channels.find((x) => x.id === c.id)!;
    if (same(before, c)) continue;
    await trx
      .updateTable('deposit_channels')
      .set({
        min_minor: c.minMinor,
        max_minor: c.maxMinor,
        quick_amounts_minor: JSON.stringify(c.quickAmountsMinor),
        auto_settle_seconds: c.autoSettleSeconds,
        enabled: c.enabled,
      })
      .where('id', '=', c.id)
      .where('merchant_id', '=', merchantId)
      .execute();
  }
}

/**
 * Changes some money settings (money.write). Nothing is written unless every cross-field rule holds
 * (settingsAfter). The withdraw limits, windows and wallet mode change at once: one transaction
 * under the merchant row's lock, the config version bumped, audited with before and after. The
 * four-eyes limits and the channels are the owner's (money.controls, else 403 settings_owner_only
 * and nothing changes) and never change at once: they become a pending change that a second owner
 * approves (decideMoneySettingChange; docs/0066), so one person cannot lift a limit and then pass it.
 */
export async function setMoneySettings(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TMoneySettingsRequest,
): Promise<TMoneySettingsResponse> {
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forNoKeyUpdate().executeTakeFirstOrThrow();
    const current = await moneySettings(trx, merchant.id);
    const next = settingsAfter(current, req, { autoSettleAllowed: await isDemoMode(trx, merchant.id, deps) });
    if (same(next, current)) return moneySettingsView(trx, merchant.id);
    const controlled = controlledChange(current, next);
    if (controlled && !roleAllows(op.role, 'money.controls')) throw new WpsError(403, DEPOSIT_MESSAGES.settingsOwnerOnly);
    // What changes at once: everything but the controlled fields, which keep their current values.
    const plain: TMoneySettings = { ...next, channels: current.channels };
    for (const f of MONEY_CONTROL_FIELDS) plain[f] = current[f];
    if (!same(plain, current)) {
      await writeSettings(trx, merchant.id, current, plain);
      await auditedConfigChange(trx, { merchantId: merchant.id, actor: op, ip, action: 'money.settings.set', before: current, after: plain });
    }
    if (controlled) {
      const row = await trx
        .insertInto('money_setting_changes')
        .values({ merchant_id: merchant.id, change: JSON.stringify(controlled.change), before: JSON.stringify(controlled.before), requested_by: op.operatorId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordOperatorAudit(trx, {
        merchantId: merchant.id,
        actor: op,
        ip,
        action: 'money.settings.request',
        before: { changeId: row.id, ...controlled.before },
        after: { changeId: row.id, status: 'pending', ...controlled.change },
        configVersion: null,
      });
    }
    return moneySettingsView(trx, merchant.id);
  });
}

/**
 * A second owner approves (the change is applied over the settings as they are now, with the same
 * cross-field rules) or rejects a pending change of the four-eyes limits or channels. Its author
 * can do neither (403 settings_second_owner_required; the table's check refuses it too); a decided
 * change answers 409.
 */
export async function decideMoneySettingChange(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { changeId: number; approve: boolean },
): Promise<TMoneySettingsResponse> {
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forNoKeyUpdate().executeTakeFirstOrThrow();
    const row = await trx
      .selectFrom('money_setting_changes')
      .select(['id', 'change', 'before', 'status', 'requested_by'])
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', req.changeId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    assertDecidable(row, op, { notPending: DEPOSIT_MESSAGES.settingsChangeNotPending, ownRequest: DEPOSIT_MESSAGES.settingsSecondOwner });
    if (req.approve) {
      const current = await moneySettings(trx, merchant.id);
      const next = settingsAfter(current, ZMoneySettingsRequest.parse(row.change), { autoSettleAllowed: await isDemoMode(trx, merchant.id, deps) });
      if (!same(next, current)) await writeSettings(trx, merchant.id, current, next);
      await auditedConfigChange(trx, {
        merchantId: merchant.id,
        actor: op,
        ip,
        action: 'money.settings.approve',
        before: { changeId: row.id, ...current },
        after: { changeId: row.id, ...next },
      });
    } else {
      await recordOperatorAudit(trx, {
        merchantId: merchant.id,
        actor: op,
        ip,
        action: 'money.settings.reject',
        before: { changeId: row.id, status: 'pending' },
        after: { changeId: row.id, status: 'rejected', ...row.change },
        configVersion: null,
      });
    }
    await trx
      .updateTable('money_setting_changes')
      .set({ status: req.approve ? 'applied' : 'rejected', decided_by: op.operatorId, decided_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return moneySettingsView(trx, merchant.id);
  });
}
