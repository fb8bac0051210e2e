import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLotterySettings } from '@wl/schemas';
import { LOTTERY_INTERVAL_SECONDS, LOTTERY_ODDS, LOTTERY_PAYOUT_KEYS, lotteryPayoutBounds, type TLotteryPayoutKey } from '@wl/schemas/games/lottery';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { formatNumber } from '../lib/numbers.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { InputField } from '../accounts/form-parts.tsx';

type TDraft = { interval: string; payouts: Record<TLotteryPayoutKey, string> };
const toDraft = (s: TLotterySettings): TDraft => ({
  interval: String(s.intervalSeconds),
  payouts: Object.fromEntries(LOTTERY_PAYOUT_KEYS.map((k) => [k, (s.payouts[k] / 100).toFixed(2)])) as Record<TLotteryPayoutKey, string>,
});

/** The draft read as the platform reads it: the interval and each payout (hundredths) within their bounds. */
function checkDraft(draft: TDraft) {
  const interval = Number(asciiDigits(draft.interval));
  const intervalOk = Number.isInteger(interval) && interval >= LOTTERY_INTERVAL_SECONDS.min && interval <= LOTTERY_INTERVAL_SECONDS.max;
  const payoutOf = (k: TLotteryPayoutKey) => Math.round(Number(asciiDigits(draft.payouts[k])) * 100);
  const payoutOk = (k: TLotteryPayoutKey) => {
    const { min, max } = lotteryPayoutBounds(k);
    const v = payoutOf(k);
    return /^[0-9]+(\.[0-9]{1,2})?$/.test(draft.payouts[k]) && v >= min && v <= max;
  };
  return { interval, intervalOk, payoutOf, payoutOk, valid: intervalOk && LOTTERY_PAYOUT_KEYS.every(payoutOk) };
}

/** One row's payout, with the return to player it makes. */
function PayoutField({
  k,
  value,
  payout,
  ok,
  disabled,
  onChange,
}: {
  k: TLotteryPayoutKey;
  value: string;
  payout: number;
  ok: boolean;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <label className="field">
      <span className="field__label">
        {t('lotto_op_payout', { row: t(`lottery_row_${k}`) })} (
        {t('lotto_op_rtp', { rtp: formatNumber((payout || 0) / LOTTERY_ODDS[k], i18n.language, { decimals: 1 }) })})
      </span>
      <input
        className="input"
        inputMode="decimal"
        data-testid={`operator.lottery.payout.${k}`}
        value={value}
        disabled={disabled}
        aria-invalid={!ok}
        onChange={(e) => onChange(e.target.value)}
      />
      {!ok && <span className="form-error">{t('lottery_payout_invalid')}</span>}
    </label>
  );
}

/**
 * docs/0041: each built-in lottery's draw interval and payout table. The form
 * checks the bounds as the platform does (which enforces them); a change is audited and live: the
 * next draw opens on the new interval, the next bet takes the new table.
 */
export function OperatorLottery({ canWrite }: { canWrite: boolean }) {
  const ready = useAreaTexts('lottery');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const settings = useQuery(trpc.operator.lotterySettings.queryOptions(undefined, { staleTime: 0 }));
  const game = settings.data?.games[0];
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (game && draft === null) setDraft(toDraft(game.settings));
  }, [game, draft]);
  const save = useMutation(
    trpc.operator.setLotterySettings.mutationOptions({
      onSuccess: (answer) => {
        setSaved(true);
        setDraft(toDraft(answer.games[0]!.settings));
        void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
      },
    }),
  );
  if (!ready || !game || !draft) return null;
  const { interval, intervalOk, payoutOf, payoutOk, valid } = checkDraft(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!valid) return;
    save.mutate({
      gameCode: game.gameCode,
      settings: {
        intervalSeconds: interval,
        payouts: Object.fromEntries(LOTTERY_PAYOUT_KEYS.map((k) => [k, payoutOf(k)])) as Record<TLotteryPayoutKey, number>,
      },
    });
  };
  return (
    <form className="operator-games__lottery" onSubmit={submit} noValidate data-testid="operator.lottery">
      <h3>
        {t('lotto_op_title')} · {i18n.language === 'bn' ? game.nameBn : game.nameEn}
      </h3>
      <p className="operator__role">{t('lotto_op_note')}</p>
      <InputField
        label={t('lotto_op_interval')}
        inputMode="numeric"
        testId="operator.lottery.interval"
        value={draft.interval}
        disabled={!canWrite}
        aria-invalid={!intervalOk}
        onValue={(interval) => setDraft({ ...draft, interval })}
      >
        {!intervalOk && <span className="form-error">{t('lottery_interval_invalid')}</span>}
      </InputField>
      {LOTTERY_PAYOUT_KEYS.map((k) => (
        <PayoutField
          key={k}
          k={k}
          value={draft.payouts[k]}
          payout={payoutOf(k)}
          ok={payoutOk(k)}
          disabled={!canWrite}
          onChange={(v) => setDraft({ ...draft, payouts: { ...draft.payouts, [k]: v } })}
        />
      ))}
      <QueryError error={save.error} testId="operator.lottery.error" />
      {saved && (
        <p className="operator__role" aria-live="polite" data-testid="operator.lottery.saved">
          {t('lotto_op_saved')}
        </p>
      )}
      {canWrite && (
        <button type="submit" className="btn btn--primary btn--small" disabled={!valid || save.isPending} data-testid="operator.lottery.save">
          {t('lotto_op_save')}
        </button>
      )}
    </form>
  );
}
