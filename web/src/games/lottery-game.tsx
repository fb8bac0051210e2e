import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '../layout/table-head.tsx';
import { useMutation } from '@tanstack/react-query';
import type { TLotteryBet, TLotteryDraw, TWlgLotteryStateResponse } from '@wl/schemas';
import { mixedClientSeed, roundMix, serverSeedHash } from '@wl/schemas/games/fair';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_ODDS,
  LOTTERY_PAYOUT_KEY,
  LOTTERY_PAYOUT_KEYS,
  LOTTERY_PICK_DIGITS,
  LOTTERY_STAKE_CHIPS_MINOR,
  isLotteryPick,
  lotteryResult,
  type TLotteryBetType,
} from '@wl/schemas/games/lottery';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { formatDigits, formatMinor } from '../lib/numbers.ts';
import { formatMultiplier, formatPercent, localDigits } from '../lib/numbers-later.ts';
import { MoneySelect } from './bet-per-line-select.tsx';
import { RoundList, useVerifyState, VerifyForm, type TVerifySpec } from './verify-form.tsx';

export type TLottoView = 'betting' | 'lobby';

/** How often the page asks for the draws: often while a bet waits for its draw, else now and then. */
const POLL_WAITING_MS = 2_000;
const POLL_IDLE_MS = 5_000;

/** mm:ss until a moment, from the server's clock (the offset measured at the last answer). */
function useCountdown(closesAt: string | undefined, offsetMs: number, language: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!closesAt) return '--:--';
  const left = Math.max(0, Math.ceil((new Date(closesAt).getTime() - (now + offsetMs)) / 1000));
  return `${formatDigits(Math.floor(left / 60), language, 2)}:${formatDigits(left % 60, language, 2)}`;
}

/** The result's three digits as balls. */
function Balls({ result, small = false }: { result: string; small?: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = localDigits(result, i18n.language);
  return (
    <span className={`lotto__balls${small ? ' lotto__balls--small' : ''}`} role="img" aria-label={t('lottery_result_is', { result: shown })}>
      {[...shown].map((d, i) => (
        <span key={i} className="lotto__ball" aria-hidden="true">
          {d}
        </span>
      ))}
    </span>
  );
}

const LOTTERY_VERIFY: TVerifySpec<'serverSeed' | 'expectedHash' | 'clientSeed'> = {
  testId: 'lottery.verify',
  title: 'lottery_verify_title',
  intro: 'lottery_verify_intro',
  run: 'lottery_verify_run',
  invalid: 'lottery_verify_missing',
  hashOk: 'lottery_hash_ok',
  hashBad: 'lottery_hash_bad',
  fields: [
    ['serverSeed', 'lottery_server_seed'],
    ['expectedHash', 'lottery_expected_hash'],
    ['clientSeed', 'lottery_client_seed'],
  ],
};

/** Recomputes a draw in the browser from its revealed seed and client seed (docs/0041's formula). */
export function LotteryVerify({ draw }: { draw: TLotteryDraw | null }) {
  const { t } = useTranslation();
  const { result, ...verify } = useVerifyState(
    { serverSeed: draw?.serverSeed ?? '', clientSeed: draw?.clientSeed ?? '', expectedHash: draw?.serverSeedHash ?? '' },
    (input) => input.serverSeed.length > 0 && input.clientSeed.length > 0 && !input.clientSeed.includes(':'),
    async (input) => {
      // docs/0073: a chained draw mixes in the hash of its published tickets (its first bets), recomputed here.
      const tickets = draw?.mixTickets ?? null;
      const clientSeed = tickets === null ? input.clientSeed : mixedClientSeed(input.clientSeed, await roundMix(tickets));
      const [digits, hash] = await Promise.all([lotteryResult(input.serverSeed, clientSeed), serverSeedHash(input.serverSeed)]);
      return { digits, hashOk: hash === input.expectedHash };
    },
  );
  return (
    <VerifyForm
      spec={LOTTERY_VERIFY}
      state={verify}
      note={draw?.mixTickets && <p data-testid="lottery.verify.tickets">{t('lottery_verify_mix', { count: draw.mixTickets.length })}</p>}
      outcome={
        result && {
          hashOk: result.hashOk,
          view: (
            <p>
              {t('lottery_result')}: <strong data-testid="lottery.verify.result">{result.digits}</strong>
            </p>
          ),
        }
      }
    />
  );
}

function betLabel(t: (k: string, o?: Record<string, unknown>) => string, b: { betType: TLotteryBetType; pick: string | null }, language: string) {
  return b.pick === null ? t(`lottery_type_${b.betType}`) : `${t(`lottery_type_${b.betType}`)} ${localDigits(b.pick, language)}`;
}

/** One bet of the player: its draw, what it backs, its stake, and its fate. */
function BetRow({ bet, currencySymbol }: { bet: TLotteryBet; currencySymbol: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const fate =
    bet.state === 'settled'
      ? bet.winMinor! > 0
        ? t('lottery_bet_won', { amount: formatMinor(bet.winMinor!, language, currencySymbol) })
        : t('lottery_bet_lost')
      : t(`lottery_bet_state_${bet.state}`);
  return (
    <li className="fair__round" data-testid="lottery.bet" data-state={bet.state} data-numero={bet.numero} data-result={bet.result ?? ''}>
      <span>{t('lottery_numero', { numero: bet.numero })}</span>
      <span>
        {betLabel(t, bet, language)} · {formatMinor(bet.stakeMinor, language, currencySymbol)} · {formatMultiplier(bet.payoutX100, language)}
      </span>
      {bet.result && <Balls result={bet.result} small />}
      <strong data-testid="lottery.bet.fate">{fate}</strong>
    </li>
  );
}

/**
 * The built-in lottery (docs/0041): the betting view (the open draw, its countdown and seed hash,
 * bet type, pick and stake, this draw's bets, the payout table) and the lobby view (the last draws
 * with their results and verify, the player's bets over the draws). `view` is the launch's lottoView.
 */
export function LotteryGame({
  token,
  view: initialView,
  currencySymbol,
  onBalance,
}: {
  token: string;
  view: TLottoView;
  currencySymbol: string;
  onBalance: (balanceMinor: number) => void;
}) {
  const ready = useAreaTexts('lottery');
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const [view, setView] = useState<TLottoView>(initialView);
  const [state, setState] = useState<TWlgLotteryStateResponse | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [betType, setBetType] = useState<TLotteryBetType>('big');
  const [pick, setPick] = useState('');
  const [stake, setStake] = useState<number>(LOTTERY_STAKE_CHIPS_MINOR[0]);
  const [verifying, setVerifying] = useState<TLotteryDraw | null>(null);
  const balanceRef = useRef<number | null>(null);
  const load = useMutation(
    trpc.games.lotteryState.mutationOptions({
      onSuccess: (answer) => {
        setState(answer);
        setOffsetMs(new Date(answer.serverTime).getTime() - Date.now());
        if (balanceRef.current !== answer.balanceMinor) {
          balanceRef.current = answer.balanceMinor;
          onBalance(answer.balanceMinor);
        }
      },
    }),
  );
  const place = useMutation(
    trpc.games.lotteryBet.mutationOptions({
      onSuccess: (answer) => {
        balanceRef.current = answer.balanceMinor;
        onBalance(answer.balanceMinor);
        setPick('');
        load.mutate({ token });
      },
      // A closed draw: show the next one.
      onError: () => load.mutate({ token }),
    }),
  );
  const waiting = state?.bets.some((b) => b.state === 'open' || b.state === 'placed') ?? false;
  useEffect(() => {
    load.mutate({ token });
    const timer = setInterval(() => load.mutate({ token }), waiting ? POLL_WAITING_MS : POLL_IDLE_MS);
    return () => clearInterval(timer);
  }, [token, waiting]);
  const countdown = useCountdown(state?.open?.closesAt, offsetMs, language);
  if (!ready || !state) {
    return (
      <section className="card" aria-busy="true">
        <p>{t('game_loading')}</p>
      </section>
    );
  }
  const open = state.open;
  const digits = LOTTERY_PICK_DIGITS[betType];
  const pickValue = digits === 0 ? null : pick;
  const pickOk = isLotteryPick(betType, pickValue);
  const payouts = state.settings.payouts;
  const latestBets = state.bets.slice(0, 10);
  const last = state.recent[0] ?? null;

  return (
    <section className="lotto card" aria-labelledby="lotto-title" data-testid="lottery.game" data-view={view}>
      <h2 id="lotto-title" className="sr-only">
        {t('lottery_title')}
      </h2>
      <div className="lotto__views" role="group" aria-label={t('lottery_views')}>
        {(['betting', 'lobby'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className={`chip${view === v ? ' chip--active' : ''}`}
            aria-pressed={view === v}
            data-testid={`lottery.view.${v}`}
            onClick={() => setView(v)}
          >
            {t(`lottery_view_${v}`)}
          </button>
        ))}
      </div>

      {open && (
        <div className="lotto__draw" data-testid="lottery.open-draw" data-draw-id={open.drawId}>
          <p className="lotto__numero">
            {t('lottery_open_draw')}: <strong data-testid="lottery.numero">{localDigits(String(open.numero), language)}</strong>
          </p>
          <p>
            {t('lottery_closes_in')}: <strong data-testid="lottery.countdown">{countdown}</strong> ·{' '}
            {t('lottery_every', { seconds: state.settings.intervalSeconds })}
          </p>
          <p className="lotto__hash">
            {t('lottery_seed_hash')}: <code data-testid="lottery.hash">{open.serverSeedHash}</code>
          </p>
        </div>
      )}
      {last?.result && (
        <p className="lotto__last" data-testid="lottery.last-result">
          {t('lottery_last_result', { numero: last.numero })}: <Balls result={last.result} />
        </p>
      )}

      {view === 'betting' ? (
        <>
          <form
            className="lotto__form"
            onSubmit={(e) => {
              e.preventDefault();
              if (open && pickOk) place.mutate({ token, drawId: open.drawId, betType, pick: pickValue, stakeMinor: stake });
            }}
          >
            <fieldset className="lotto__types">
              <legend>{t('lottery_bet_type')}</legend>
              {LOTTERY_BET_TYPES.map((type) => (
                <label key={type} className={`chip${betType === type ? ' chip--active' : ''}`}>
                  <input
                    type="radio"
                    name="lotto-type"
                    className="sr-only"
                    value={type}
                    checked={betType === type}
                    onChange={() => {
                      setBetType(type);
                      setPick('');
                    }}
                    data-testid={`lottery.type.${type}`}
                  />
                  {t(`lottery_type_${type}`)} {formatMultiplier(payouts[LOTTERY_PAYOUT_KEY[type]], language)}
                </label>
              ))}
            </fieldset>
            {digits > 0 && (
              <label className="fair__field">
                <span>{t('lottery_pick', { digits })}</span>
                <input
                  value={pick}
                  inputMode="numeric"
                  maxLength={digits}
                  pattern={`[0-9]{${digits}}`}
                  aria-invalid={pick !== '' && !pickOk}
                  onChange={(e) =>
                    setPick(
                      asciiDigits(e.target.value)
                        .replace(/[^0-9]/g, '')
                        .slice(0, digits),
                    )
                  }
                  data-testid="lottery.pick"
                  autoComplete="off"
                />
              </label>
            )}
            <MoneySelect
              className="fair__field"
              label={t('lottery_stake')}
              amounts={LOTTERY_STAKE_CHIPS_MINOR}
              value={stake}
              onChange={setStake}
              currencySymbol={currencySymbol}
              testId="lottery.stake"
            />
            <p data-testid="lottery.potential">
              {t('lottery_potential_win', { amount: formatMinor(Math.floor((stake * payouts[LOTTERY_PAYOUT_KEY[betType]]) / 100), language, currencySymbol) })}
            </p>
            {place.isError && (
              <p className="form-error" role="alert" data-testid="lottery.error">
                {t(errorKey(place.error))}
              </p>
            )}
            <button type="submit" className="btn btn--primary lotto__place" disabled={!open || !pickOk || place.isPending} data-testid="lottery.place">
              {t('lottery_place_bet')}
            </button>
          </form>
          <RoundList title={t('lottery_latest_bets')} testId="lottery.latest-bets" empty={latestBets.length === 0 ? t('lottery_no_bets') : null}>
            {latestBets.map((b) => (
              <BetRow key={b.betId} bet={b} currencySymbol={currencySymbol} />
            ))}
          </RoundList>
          <details className="slot__paytable" data-testid="lottery.paytable">
            <summary>{t('lottery_paytable')}</summary>
            <p>{t('lottery_paytable_note')}</p>
            <table>
              <TableHead columns={[t('lottery_bet_type'), t('lottery_odds'), t('lottery_pays'), t('lottery_rtp')]} />
              <tbody>
                {LOTTERY_PAYOUT_KEYS.map((k) => (
                  <tr key={k}>
                    <th scope="row">{t(`lottery_row_${k}`)}</th>
                    <td>1 : {LOTTERY_ODDS[k]}</td>
                    <td>{formatMultiplier(payouts[k], language)}</td>
                    <td>{formatPercent(payouts[k] / LOTTERY_ODDS[k], language, 1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : (
        <>
          <RoundList title={t('lottery_recent_draws')} testId="lottery.draws" empty={state.recent.length === 0 ? t('lottery_no_draws') : null}>
            {state.recent.map((d) => (
              <li key={d.drawId} className="fair__round" data-testid="lottery.draw" data-numero={d.numero}>
                <span>{t('lottery_numero', { numero: d.numero })}</span>
                {d.result && <Balls result={d.result} small />}
                <button type="button" className="btn btn--ghost btn--small" data-testid="lottery.draw.verify" onClick={() => setVerifying(d)}>
                  {t('lottery_verify')}
                </button>
              </li>
            ))}
          </RoundList>
          <RoundList title={t('lottery_my_bets')} testId="lottery.bets" empty={state.bets.length === 0 ? t('lottery_no_bets') : null}>
            {state.bets.map((b) => (
              <BetRow key={b.betId} bet={b} currencySymbol={currencySymbol} />
            ))}
          </RoundList>
          <LotteryVerify key={verifying?.drawId ?? 'blank'} draw={verifying} />
        </>
      )}
    </section>
  );
}
