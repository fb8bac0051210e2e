import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TWlgCrashLive } from '@wl/schemas';
import { FlowError } from '@wl/flows/shared/flow-error';
import { crashLiveMachine } from '@wl/flows/crash/crash-live.machine';
import { crashMachine } from '@wl/flows/crash/crash.machine';
import { crashViewAt } from '@wl/flows/crash/crash-view';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { formatMultiplier } from '../lib/numbers-later.ts';
import { CrashBoard } from './crash-board.tsx';
import { CrashControls } from './crash-controls.tsx';
import { CrashVerify } from './crash-verify.tsx';
import '../styles/crash.css';

/** How often the rising multiplier and the countdowns are redrawn (the page computes them itself). */
const FRAME_MS = 100;

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

/** Runs a call and rethrows its failure as a FlowError with the message key the page shows. */
async function flow<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new FlowError(errorKey(err));
  }
}

/** The two crash machines with this page's calls; the live one polls, the other holds the page's bet and balance. */
function useCrashMachines(game: string, token: string, onBalance: (balanceMinor: number) => void) {
  const client = useTRPCClient();
  const balance = useRef(onBalance);
  useEffect(() => {
    balance.current = onBalance;
  });
  const live = useMemo(
    () =>
      crashLiveMachine.provide({
        actors: {
          fetchLive: fromPromise(async () => {
            const answer = await client.games.crashLive.mutate({ game });
            return { live: answer, offsetMs: answer.serverNow - Date.now() };
          }),
        },
      }),
    [client, game],
  );
  const play = useMemo(
    () =>
      crashMachine.provide({
        actors: {
          resume: fromPromise(() => flow(() => client.games.crashMine.mutate({ token }))),
          placeBet: fromPromise(({ input }: { input: { stakeMinor: number; autoCashOutX100?: number } }) =>
            flow(() => client.games.crashBet.mutate({ token, ...input })),
          ),
          cashOut: fromPromise(({ input }: { input: { betId: string } }) => flow(() => client.games.crashCashOut.mutate({ token, betId: input.betId }))),
          readBalance: fromPromise(async () => ({ balanceMinor: (await flow(() => client.games.state.mutate({ token }))).balanceMinor })),
        },
        actions: { balance: (_, params) => balance.current(params.balanceMinor) },
      }),
    [client, token],
  );
  return { live, play };
}

type TCrashGameProps = { game: string; token: string; currencySymbol: string; onBalance: (balanceMinor: number) => void };

/**
 * The crash game (docs/0042): one shared round for every player. The page shows the phase, the
 * countdown, the rising multiplier (drawn from the published curve and the server's clock), the
 * bets of the round under masked names, the recent crash points and a verify view; a bet and a
 * cash-out go to the server, which decides with its own clock. State: flows/src/crash.
 */
export function CrashGame(props: TCrashGameProps) {
  // A new game session is a new page: its bet and balance start afresh.
  return <CrashPlay key={`${props.game}:${props.token}`} {...props} />;
}

function CrashPlay({ game, token, currencySymbol, onBalance }: TCrashGameProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const machines = useCrashMachines(game, token, onBalance);
  const [liveState] = useMachine(machines.live);
  const [state, send] = useMachine(machines.play);
  const answer = liveState.context.live;
  const now = useServerNow(answer?.offsetMs ?? 0);
  const [verifying, setVerifying] = useState<TWlgCrashLive['history'][number] | null>(null);
  useEffect(() => {
    if (answer) send({ type: 'crash.live', answer });
  }, [answer, send]);

  if (!answer) {
    return (
      <section className="crash card" aria-busy="true">
        <p>{t('game_loading')}</p>
      </section>
    );
  }
  const { live } = answer;
  const view = crashViewAt(live, state.context.mine, now);
  const { round, x100 } = view;
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
        <CrashControls
          live={{ ...live, round }}
          view={view}
          now={now}
          context={state.context}
          busy={{ betting: state.matches({ play: 'betting' }), cashingOut: state.matches({ play: 'cashingOut' }) }}
          send={send}
          currencySymbol={currencySymbol}
        />
        <p className="crash__hash">
          {t('crash_seed_hash')}: <code data-testid="crash.hash">{round.serverSeedHash}</code>
        </p>
      </section>
      <CrashBoard live={live} currencySymbol={currencySymbol} onVerify={setVerifying} />
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
