import type { TFunction } from 'i18next';
import type { TRoundOutcomeSummary } from '@wl/schemas/wps/operator-rounds-calls';
import { formatMultiplier, localDigits } from '../lib/numbers-later.ts';

/** What a round's outcome was, in one line, by engine (docs/0043: a new engine adds its line here). */
export function outcomeText(o: TRoundOutcomeSummary | null, t: TFunction, language: string, money: (minor: number) => string): string {
  if (!o) return '';
  /** ×1.95 from hundredths. */
  const multiplier = (x100: number) => formatMultiplier(x100, language);
  switch (o.engine) {
    case 'slot':
      return t('oprounds_outcome_slot', { stops: localDigits(o.stops.join(' · '), language), lines: o.winningLines, bet: money(o.betPerLineMinor) });
    case 'lottery': {
      const bet = o.pick === null ? t(`oprounds_lottery_${o.betType}`) : `${t(`oprounds_lottery_${o.betType}`)} ${localDigits(String(o.pick), language)}`;
      return o.result === null
        ? t('oprounds_outcome_lottery_open', { numero: localDigits(o.numero, language), bet, payout: multiplier(o.payoutX100) })
        : t('oprounds_outcome_lottery', {
            numero: localDigits(o.numero, language),
            bet,
            payout: multiplier(o.payoutX100),
            result: localDigits(String(o.result), language),
          });
    }
    case 'crash': {
      const auto = o.autoCashOutX100 === null ? '' : t('oprounds_outcome_crash_auto', { auto: multiplier(o.autoCashOutX100) });
      const cashed = o.cashOutX100 === null ? t('oprounds_outcome_crash_riding') : t('oprounds_outcome_crash_cashed', { at: multiplier(o.cashOutX100) });
      const point = o.crashX100 === null ? t('oprounds_outcome_crash_flying') : t('oprounds_outcome_crash_point', { point: multiplier(o.crashX100) });
      return t('oprounds_outcome_crash', { round: o.roundNo, point, auto, cashed });
    }
  }
}
