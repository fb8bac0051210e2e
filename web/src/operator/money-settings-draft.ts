import type { TMoneySettings, TMoneySettingsRequest } from '@wl/schemas';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { MONEY_CONTROL_FIELDS, MONEY_SETTING_BOUNDS } from '@wl/schemas/domain/money-settings';
import { minorInputText } from '../lib/numbers-later.ts';

/** The money settings form's text fields: the amounts (the four-eyes limits among them) and the counts. */
export const AMOUNT_FIELDS = ['withdrawMinMinor', 'withdrawMaxMinor', ...MONEY_CONTROL_FIELDS] as const;
export const isControl = (f: string) => (MONEY_CONTROL_FIELDS as readonly string[]).includes(f);
export const COUNT_FIELDS = ['withdrawDailyCount', 'withdrawConfirmMinutes', 'bankAccountsMax'] as const;
export type TDraft = Record<string, string>;

export function draftOf(s: TMoneySettings): TDraft {
  const d: TDraft = {};
  for (const f of AMOUNT_FIELDS) d[f] = minorInputText(s[f]);
  for (const f of COUNT_FIELDS) d[f] = String(s[f]);
  for (const c of s.channels) {
    d[`c${c.id}.min`] = minorInputText(c.minMinor);
    d[`c${c.id}.max`] = minorInputText(c.maxMinor);
    d[`c${c.id}.auto`] = c.autoSettleSeconds === null ? '' : String(c.autoSettleSeconds);
  }
  return d;
}

/** A whole number within bounds, or null (the same bounds the server's schema enforces). */
export function wholeIn(raw: string, b: { min: number; max: number }): number | null {
  const text = asciiDigits(raw.trim());
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= b.min && n <= b.max ? n : null;
}

/** The settings request a draft makes, or the first field that is not valid. */
export function requestOf(
  draft: TDraft,
  s: TMoneySettings,
  enabled: Record<number, boolean>,
  single: boolean,
  canControl: boolean,
): { req: TMoneySettingsRequest } | { invalid: string } {
  const req: TMoneySettingsRequest = { merchantWalletSingle: single, channels: [] };
  for (const f of AMOUNT_FIELDS) {
    // Only an owner changes the four-eyes limits and channels (docs/0066): others do not send them.
    if (isControl(f) && !canControl) continue;
    // A four-eyes limit may be 0 (every adjustment or approval needs a second operator).
    const v = isControl(f) && /^0+(\.0{1,2})?$/.test(draft[f]!.trim()) ? 0 : parseAmountInput(draft[f]!);
    if (v === null) return { invalid: f };
    req[f] = v;
  }
  for (const f of COUNT_FIELDS) {
    const v = wholeIn(draft[f]!, MONEY_SETTING_BOUNDS[f]);
    if (v === null) return { invalid: f };
    req[f] = v;
  }
  if (!canControl) {
    delete req.channels;
    return { req };
  }
  for (const c of s.channels) {
    const min = parseAmountInput(draft[`c${c.id}.min`]!);
    const max = parseAmountInput(draft[`c${c.id}.max`]!);
    const autoRaw = draft[`c${c.id}.auto`]!.trim();
    const auto = autoRaw === '' ? null : wholeIn(autoRaw, MONEY_SETTING_BOUNDS.autoSettleSeconds);
    if (min === null) return { invalid: `c${c.id}.min` };
    if (max === null) return { invalid: `c${c.id}.max` };
    if (autoRaw !== '' && auto === null) return { invalid: `c${c.id}.auto` };
    req.channels!.push({ id: c.id, minMinor: min, maxMinor: max, autoSettleSeconds: auto, enabled: enabled[c.id] ?? c.enabled });
  }
  return { req };
}
