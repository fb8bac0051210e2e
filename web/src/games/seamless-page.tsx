import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { TWlgRound, TWlgState } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { AreaTexts } from '../i18n/area-texts.ts';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { WALLET_CHANNEL } from '../session/session-context.tsx';
import { CrashGame } from './crash-game.tsx';
import { FairPanel } from './fair-panel.tsx';
import { LotteryGame, type TLottoView } from './lottery-game.tsx';
import { PlayProtection } from './play-protection.tsx';
import { SlotGame } from './slot-game.tsx';
import '../styles/games.css';

/** Tells the site's other windows (the lobby's header) that the balance changed. */
function announceBalanceChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(WALLET_CHANNEL);
  channel.postMessage('balance');
  channel.close();
}

/** The game session's token, kept in this tab only so a reload resumes the game (the ticket is single use). */
const tokenKey = (game: string) => `wlg-token:${game}`;

type TOpened = TWlgState & { token: string };

/**
 * Opens the game once: the launch ticket from the URL (then dropped from the address bar and
 * history), or the token this tab kept. A ref guards against opening twice (a used ticket fails).
 */
function useGameSession(game: string, ticket: string | null) {
  const trpc = useTRPC();
  const open = useMutation(trpc.games.open.mutationOptions());
  const resume = useMutation(trpc.games.state.mutationOptions());
  const [opened, setOpened] = useState<TOpened | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const kept = sessionStorage.getItem(tokenKey(game));
    const go = async () => {
      if (ticket) {
        const answer = await open.mutateAsync({ ticket });
        sessionStorage.setItem(tokenKey(game), answer.token);
        const url = new URL(window.location.href);
        url.searchParams.delete('ticket');
        window.history.replaceState(window.history.state, '', url.pathname + url.search);
        return answer;
      }
      if (kept) return { ...(await resume.mutateAsync({ token: kept })), token: kept };
      throw new Error('game_session_ended');
    };
    go().then(setOpened, (err: unknown) => {
      if (kept) sessionStorage.removeItem(tokenKey(game));
      setFailure(err instanceof Error && err.message === 'game_session_ended' ? err.message : errorKey(err));
    });
  }, [game, ticket]);
  return { opened, setOpened, failure };
}

function GameWindow({ game, ticket, lottoView }: { game: string; ticket: string | null; lottoView: TLottoView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const { opened, setOpened, failure } = useGameSession(game, ticket);
  const [rounds, setRounds] = useState<TWlgRound[]>([]);
  const [closed, setClosed] = useState(false);
  // Rounds played or refused (docs/0104): each one reads the member's session figures again.
  const [played, setPlayed] = useState(0);
  const loadRounds = useMutation(trpc.games.rounds.mutationOptions({ onSuccess: (r) => setRounds(r.rounds) }));
  const close = useMutation(
    trpc.games.close.mutationOptions({
      onSettled: () => {
        sessionStorage.removeItem(tokenKey(game));
        setClosed(true);
      },
    }),
  );
  useEffect(() => {
    if (opened && opened.game.engine !== 'lottery') loadRounds.mutate({ token: opened.token });
  }, [opened?.token]);
  useEffect(() => {
    if (opened) document.title = i18n.language === 'bn' ? opened.game.nameBn : opened.game.nameEn;
  }, [opened?.game.nodeId, i18n.language]);

  if (closed || failure) {
    return (
      <main className="game-page game-page--message" data-testid="game.ended">
        <h1>{t('game_page_title')}</h1>
        <p role={failure ? 'alert' : undefined}>{closed ? t('game_closed') : t(failure!)}</p>
        <a className="btn btn--primary" href="/">
          {t('game_back_home')}
        </a>
      </main>
    );
  }
  if (!opened) {
    return (
      <main className="game-page game-page--message" aria-busy="true">
        <h1 className="sr-only">{t('game_page_title')}</h1>
        <p>{t('game_loading')}</p>
      </main>
    );
  }
  const symbol = opened.currencySymbol;
  return (
    <main className="game-page" data-testid="game.page">
      <header className="game-page__bar">
        <h1 className="game-page__title" data-testid="game.title">
          {i18n.language === 'bn' ? opened.game.nameBn : opened.game.nameEn}
        </h1>
        <span className={`chip game-page__mode game-page__mode--${opened.mode}`} data-testid="game.mode">
          {t(opened.mode === 'fun' ? 'game_mode_fun' : 'game_mode_real')}
        </span>
        <span className="game-page__balance" data-testid="game.balance">
          {t('game_balance')}: <strong>{formatMinor(opened.balanceMinor, language, symbol)}</strong>
        </span>
        <LanguageSwitch />
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="game.close"
          disabled={close.isPending}
          onClick={() => close.mutate({ token: opened.token })}
        >
          {t('game_close')}
        </button>
      </header>
      {opened.mode === 'real' && <PlayProtection currencySymbol={symbol} played={played} />}
      {opened.game.engine === 'slot' && (
        <SlotGame
          token={opened.token}
          currencySymbol={symbol}
          onRefused={() => setPlayed((n) => n + 1)}
          onRound={(answer) => {
            setOpened({ ...opened, balanceMinor: answer.balanceMinor, fair: answer.fair });
            if (opened.mode === 'real') announceBalanceChange();
            setRounds((r) => [answer.round, ...r].slice(0, 20));
            setPlayed((n) => n + 1);
          }}
        />
      )}
      {opened.game.engine === 'crash' && (
        <CrashGame
          game={opened.game.nodeId}
          token={opened.token}
          currencySymbol={symbol}
          onBalance={(balanceMinor) => {
            setOpened((o) => (o ? { ...o, balanceMinor } : o));
            if (opened.mode === 'real') announceBalanceChange();
          }}
        />
      )}
      {opened.game.engine === 'lottery' && (
        // The lottery's fairness is per draw (its own verify view), not per session seed.
        <LotteryGame
          token={opened.token}
          view={lottoView}
          currencySymbol={symbol}
          onBalance={(balanceMinor) => {
            setOpened((o) => (o && o.balanceMinor !== balanceMinor ? { ...o, balanceMinor } : o));
            if (opened.mode === 'real') announceBalanceChange();
          }}
        />
      )}
      {/* The crash game and the lottery prove their shared rounds and draws themselves; the session's seed is the slot's. */}
      {opened.game.engine !== 'crash' && opened.game.engine !== 'lottery' && (
        <FairPanel
          token={opened.token}
          fair={opened.fair}
          currencySymbol={symbol}
          rounds={rounds}
          onSeed={(answer) => {
            setOpened({ ...opened, fair: answer.fair });
            loadRounds.mutate({ token: opened.token });
          }}
        />
      )}
    </main>
  );
}

/**
 * docs/rules/games.md#g-7 /seamless: the page a built-in game's launch opens (docs/0039), in its own window and
 * outside the site's shell. `game` names the game; `ticket` is the single-use launch ticket. The
 * built-in lottery opens on docs/rules/games.md#g-7's /lottert with the same page and `view` (lottoView, docs/0041).
 */
export default function SeamlessPage() {
  const params = new URLSearchParams(window.location.search);
  const game = params.get('game') ?? '';
  return (
    <AreaTexts areas={['games']} fallback={<main className="game-page game-page--message" aria-busy="true" />}>
      <GameWindow game={game} ticket={params.get('ticket')} lottoView={params.get('view') === 'lobby' ? 'lobby' : 'betting'} />
    </AreaTexts>
  );
}
