import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { TCrashBet, TWlgCrashBetResponse, TWlgCrashLive } from '@wl/schemas';
import { CRASH_MAX_X100, CRASH_MIN_TARGET_X100, CRASH_STAKES_MINOR, crashPayoutMinor, crashPointOf, multiplierX100At } from '@wl/schemas/games/crash';
import { mixedClientSeed, roundMix, serverSeedHash } from '@wl/schemas/games/fair';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { formatMinor } from '../lib/numbers.ts';
import { formatMultiplier } from '../lib/numbers-later.ts';
import '../styles/crash.css';

/** How often the page asks for the round's live state: a little faster in flight, when a crash is news. */
const POLL_MS = { betting: 1000, flying: 750, crashed: 1000, failed: 3000 } as const;
/** How often the rising multiplier and the countdowns are redrawn (the page computes them itself). */
const FRAME_MS = 100;
/** How often an open page tells its game session it is still there (and reads the balance). */
const KEEP_ALIVE_MS = 60_000;

type TLive = { live: TWlgCrashLive; offsetMs: number };

/**
 * Polls the game's public live state (docs/0042 says why polling): one small answer the gateway and
 * the platform share between every page within a tick. The offset turns the server's clock into this
 * page's, so the countdowns and the multiplier follow the server's timeline.
 */
function useCrashLive(game: string): TLive | null {
  const client = useTRPCClient();
  const [live, setLive] = useState<TLive | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let delay: number = POLL_MS.failed;
      try {
        const answer = await client.games.crashLive.mutate({ game });
        if (stopped) return;
        setLive({ live: answer, offsetMs: answer.serverNow - Date.now() });
        delay = POLL_MS[answer.round.phase];
      } catch {
        // Shown as stale; the next poll tries again.
      }
      if (!stopped) timer = setTimeout(() => void tick(), delay);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [game, client]);
  return live;
}

/** The server's "now" on this page, redrawn every FRAME_MS. */
function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const id = setInterval(() => setNow(Date.now() + offsetMs), FRAME_MS);
    return () => clearInterval(id);
  }, [offsetMs]);
  return now;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** A target typed as "2" or "2.5" or "2.50": x100, or null when empty; NaN when not a multiplier. */
function targetOf(text: string): number | null {
  // Bengali digits typed on a Bengali keyboard read as ASCII (docs/0056).
  const trimmed = asciiDigits(text.trim()).replace(/^×/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const x100 = Math.round(Number(trimmed) * 100);
  return x100 >= CRASH_MIN_TARGET_X100 && x100 <= CRASH_MAX_X100 ? x100 : Number.NaN;
}

type TVerifyInput = { serverSeed: string; expectedHash: string; gameCode: string; roundNo: string; mixTickets: string[] | null };

/** Recomputes a round's crash point in the browser from its revealed seed (schemas/games/crash.ts). */
function CrashVerify({ initial }: { initial: TVerifyInput }) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState(initial);
  const [result, setResult] = useState<{ x100: number; hash: string } | null>(null);
  const [error, setError] = useState(false);
  const run = async (e: FormEvent) => {
    e.preventDefault();
    const roundNo = asciiDigits(input.roundNo.trim());
    if (!/^[1-9][0-9]{0,8}$/.test(roundNo) || !/^[A-Za-z0-9_.-]{1,64}$/.test(input.gameCode) || input.serverSeed.length === 0) {
      setError(true);
      setResult(null);
      return;
    }
    setError(false);
    // docs/0073: a chained round mixes in the hash of its published tickets (the round before's first bets).
    const clientSeed = input.mixTickets === null ? input.gameCode : mixedClientSeed(input.gameCode, await roundMix(input.mixTickets));
    const [x100, hash] = await Promise.all([crashPointOf(input.serverSeed, clientSeed, Number(roundNo)), serverSeedHash(input.serverSeed)]);
    setResult({ x100, hash });
  };
  const field = (key: Exclude<keyof TVerifyInput, 'mixTickets'>, label: string) => (
    <label className="fair__field">
      <span>{label}</span>
      <input value={input[key]} onChange={(e) => setInput({ ...input, [key]: e.target.value })} data-testid={`crash.verify.${key}`} spellCheck={false} autoComplete="off" />
    </label>
  );
  return (
    <form className="fair__verify" onSubmit={(e) => void run(e)} data-testid="crash.verify">
      <h3>{t('fair_verify_title')}</h3>
      <p>{t('crash_verify_intro')}</p>
      {input.mixTickets && <p data-testid="crash.verify.tickets">{t('crash_verify_mix', { count: input.mixTickets.length })}</p>}
      {field('serverSeed', t('fair_server_seed'))}
      {field('expectedHash', t('fair_expected_hash'))}
      {field('gameCode', t('crash_game_code'))}
      {field('roundNo', t('crash_round_no'))}
      <button type="submit" className="btn btn--ghost" data-testid="crash.verify.run">
        {t('fair_verify_run')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {t('crash_verify_invalid')}
        </p>
      )}
      {result && (
        <div className="fair__result" aria-live="polite">
          <p data-testid="crash.verify.hash">{result.hash === input.expectedHash ? t('fair_hash_ok') : t('fair_hash_bad')}</p>
          <p data-testid="crash.verify.point">{t('crash_verify_point', { x: formatMultiplier(result.x100, i18n.language) })}</p>
        </div>
      )}
    </form>
  );
}

/** What became of this page's bet, in words. */
function MyBet({ bet, live, now, currencySymbol }: { bet: TCrashBet; live: TWlgCrashLive; now: number; currencySymbol: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const stake = formatMinor(bet.stakeMinor, language, currencySymbol);
  const round = live.round;
  const sameRound = round.roundNo === bet.roundNo;
  const won = (x100: number, payoutMinor: number) => t('crash_my_bet_won', { x: formatMultiplier(x100, language), amount: formatMinor(payoutMinor, language, currencySymbol) });
  const auto = bet.autoCashOutX100;
  let text: string;
  let outcome: 'won' | 'lost' | 'open' = 'open';
  if (bet.cashOutX100 !== null) {
    outcome = 'won';
    text = won(bet.cashOutX100, bet.payoutMinor ?? 0);
  } else if (sameRound && round.phase === 'betting') {
    text = t('crash_my_bet_waiting', { stake });
  } else {
    // In flight the auto cash-out has happened once the multiplier passed it; after the crash, if the crash point reached it.
    const reached = sameRound && round.phase === 'flying' ? multiplierX100At(now - round.flightStartsAt) : sameRound ? round.crashX100 : (live.history.find((h) => h.roundNo === bet.roundNo)?.crashX100 ?? null);
    const flying = sameRound && round.phase === 'flying';
    if (auto !== null && reached !== null && auto <= reached) outcome = 'won';
    else if (!flying) outcome = 'lost';
    text = outcome === 'won' && auto !== null ? won(auto, crashPayoutMinor(bet.stakeMinor, auto)) : flying ? t('crash_my_bet_riding', { stake }) : t('crash_my_bet_lost', { stake });
  }
  return (
    <p className="crash__mine" aria-live="polite" data-testid="crash.mine" data-state={outcome}>
      {text}
    </p>
  );
}

/**
 * The crash game (docs/0042): one shared round for every player. The page shows the phase, the
 * countdown, the rising multiplier (drawn from the published curve and the server's clock), the
 * bets of the round under masked names, the recent crash points and a verify view; a bet and a
 * cash-out go to the server, which decides with its own clock.
 */
export function CrashGame({
  game,
  token,
  currencySymbol,
  onBalance,
}: {
  game: string;
  token: string;
  currencySymbol: string;
  onBalance: (balanceMinor: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const state = useCrashLive(game);
  const now = useServerNow(state?.offsetMs ?? 0);
  const [stake, setStake] = useState<number>(CRASH_STAKES_MINOR[0]);
  const [target, setTarget] = useState('');
  const [mine, setMine] = useState<TCrashBet | null>(null);
  const [verifying, setVerifying] = useState<TWlgCrashLive['history'][number] | null>(null);
  const answered = (answer: TWlgCrashBetResponse) => {
    setMine(answer.bet);
    onBalance(answer.balanceMinor);
  };
  const bet = useMutation(trpc.games.crashBet.mutationOptions({ onSuccess: answered }));
  const cashOut = useMutation(trpc.games.crashCashOut.mutationOptions({ onSuccess: answered }));
  const refresh = useMutation(trpc.games.state.mutationOptions({ onSuccess: (s) => onBalance(s.balanceMinor) }));
  // A reloaded page finds its last bet again (riding, it can still be cashed out).
  const resume = useMutation(trpc.games.crashMine.mutationOptions({ onSuccess: (r) => setMine((m) => m ?? r.bets[0] ?? null) }));
  useEffect(() => {
    resume.mutate({ token });
  }, [token]);

  // Watching is playing: the game session (idle-closed after 15 minutes without a call) stays open
  // while the page is, and the balance stays fresh.
  useEffect(() => {
    const id = setInterval(() => refresh.mutate({ token }), KEEP_ALIVE_MS);
    return () => clearInterval(id);
  }, [token]);

  // A crash (or the next round) settles the page's riding bet on the server: read the balance again.
  const phase = state?.live.round.phase ?? null;
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current !== phase && mine && mine.cashOutX100 === null && phase !== 'flying') refresh.mutate({ token });
    lastPhase.current = phase;
  }, [phase]);

  if (!state) {
    return (
      <section className="crash card" aria-busy="true">
        <p>{t('game_loading')}</p>
      </section>
    );
  }
  const { live } = state;
  // The flight starts at bettingEndsAt by the server's clock: the page does not wait for the next poll.
  const round = live.round.phase === 'betting' && now >= live.round.bettingEndsAt ? { ...live.round, phase: 'flying' as const } : live.round;
  const shown = { ...live, round };
  const x100 = round.phase === 'crashed' ? round.crashX100! : round.phase === 'flying' ? multiplierX100At(now - round.flightStartsAt) : 100;
  const myRound = mine !== null && mine.roundNo === round.roundNo;
  const canBet = round.phase === 'betting' && !myRound && !bet.isPending;
  const canCashOut = round.phase === 'flying' && myRound && mine.cashOutX100 === null && mine.state === 'placed' && !(mine.autoCashOutX100 !== null && mine.autoCashOutX100 <= x100);
  const targetX100 = targetOf(target);
  const targetBad = Number.isNaN(targetX100);
  const error = bet.error ?? cashOut.error;

  return (
    <>
      <section className="crash card" aria-labelledby="crash-title" data-testid="crash">
        <h2 id="crash-title" className="sr-only">
          {t('crash_round', { no: round.roundNo })}
        </h2>
        <div className={`crash__sky crash__sky--${round.phase}`} data-testid="crash.sky" data-phase={round.phase}>
          <p className="crash__round">{t('crash_round', { no: round.roundNo })}</p>
          <p className="crash__multiplier" data-testid="crash.multiplier">
            {formatMultiplier(x100, language)}
          </p>
          <p className="crash__phase" data-testid="crash.phase">
            {round.phase === 'betting'
              ? t('crash_phase_betting', { seconds: seconds(round.bettingEndsAt - now) })
              : round.phase === 'flying'
                ? t('crash_phase_flying')
                : `${t('crash_crashed_at', { x: formatMultiplier(round.crashX100!, language) })} · ${t('crash_next_round', { seconds: seconds(round.nextRoundAt! - now) })}`}
          </p>
        </div>
        {mine && <MyBet bet={mine} live={shown} now={now} currencySymbol={currencySymbol} />}
        {error && (
          <p className="form-error" role="alert" data-testid="crash.error">
            {t(errorKey(error))}
          </p>
        )}
        <div className="crash__controls">
          <label className="crash__field">
            <span>{t('crash_stake')}</span>
            <select className="input" value={stake} onChange={(e) => setStake(Number(e.target.value))} data-testid="crash.stake">
              {CRASH_STAKES_MINOR.map((s) => (
                <option key={s} value={s}>
                  {formatMinor(s, language, currencySymbol)}
                </option>
              ))}
            </select>
          </label>
          <label className="crash__field">
            <span>{t('crash_auto')}</span>
            <input className="input" inputMode="decimal" value={target} onChange={(e) => setTarget(e.target.value)} placeholder="2.00" aria-invalid={targetBad} data-testid="crash.auto" autoComplete="off" />
          </label>
          {targetBad && <p className="form-error">{t('crash_target_invalid')}</p>}
          {canCashOut ? (
            // Keys: the cash-out and the bet button are different elements, so a tap meant for one can never land on the other.
            <button key="cashout" type="button" className="btn btn--primary crash__action" data-testid="crash.cashout" disabled={cashOut.isPending} onClick={() => cashOut.mutate({ token, betId: mine.betId })}>
              {t('crash_cash_out', { amount: formatMinor(crashPayoutMinor(mine.stakeMinor, x100), language, currencySymbol) })}
            </button>
          ) : (
            <button
              key="bet"
              type="button"
              className="btn btn--primary crash__action"
              data-testid="crash.bet"
              disabled={!canBet || targetBad}
              onClick={() => {
                cashOut.reset();
                bet.mutate({ token, stakeMinor: stake, ...(targetX100 !== null && !targetBad ? { autoCashOutX100: targetX100 } : {}) });
              }}
            >
              {round.phase === 'betting' ? t('crash_bet') : t('crash_wait_next')}
            </button>
          )}
        </div>
        <p className="crash__hash">
          {t('crash_seed_hash')}: <code data-testid="crash.hash">{round.serverSeedHash}</code>
        </p>
      </section>

      <section className="crash card" aria-labelledby="crash-board-title" data-testid="crash.board">
        <h2 id="crash-board-title">
          {t('crash_board')} · {t('crash_players', { count: live.players })}
        </h2>
        {live.bets.length === 0 ? (
          <p className="no-data">{t('crash_board_empty')}</p>
        ) : (
          <table className="crash__table">
            <thead>
              <tr>
                <th scope="col">{t('crash_board_player')}</th>
                <th scope="col">{t('crash_stake')}</th>
                <th scope="col">{t('crash_board_cashout')}</th>
                <th scope="col">{t('crash_board_win')}</th>
              </tr>
            </thead>
            <tbody>
              {live.bets.map((b, i) => (
                <tr key={i} data-testid="crash.board.row">
                  <td>{b.player}</td>
                  <td>{formatMinor(b.stakeMinor, language, currencySymbol)}</td>
                  <td>{b.cashOutX100 !== null ? formatMultiplier(b.cashOutX100, language) : '—'}</td>
                  <td>{b.payoutMinor !== null ? formatMinor(b.payoutMinor, language, currencySymbol) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h3>{t('crash_history')}</h3>
        <ol className="crash__history" data-testid="crash.history">
          {live.history.map((h) => (
            <li key={h.roundNo}>
              <button
                type="button"
                className={`chip crash__chip${h.crashX100 >= 200 ? ' is-high' : ''}`}
                aria-label={`${t('crash_round', { no: h.roundNo })}: ${formatMultiplier(h.crashX100, language)} — ${t('fair_verify')}`}
                data-testid="crash.history.round"
                onClick={() => setVerifying(h)}
              >
                {formatMultiplier(h.crashX100, language)}
              </button>
            </li>
          ))}
        </ol>
      </section>

      <section className="fair card" aria-labelledby="crash-rules-title">
        <h2 id="crash-rules-title">{t('crash_rules')}</h2>
        <p>{t('crash_rules_text')}</p>
        <CrashVerify
          key={verifying?.roundNo ?? 'blank'}
          initial={{
            serverSeed: verifying?.serverSeed ?? '',
            expectedHash: verifying?.serverSeedHash ?? '',
            gameCode: live.gameCode,
            roundNo: verifying ? String(verifying.roundNo) : '',
            mixTickets: verifying?.mixTickets ?? null,
          }}
        />
      </section>
    </>
  );
}

