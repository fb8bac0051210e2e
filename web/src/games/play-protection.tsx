import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc.ts';
import { formatDigits, formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { Modal } from '../modals/modal.tsx';
import { useSession } from '../session/session-context.tsx';

/** The responsible gaming page, where the member's protection history is (protection-parts.tsx PROTECTION_PAGE_PATH; not imported, to keep that module out of the game's chunk). */
const HISTORY_PATH = '/member/responsibleGaming';

/**
 * The member's session while playing (docs/0104): a bar with the session clock and the net result,
 * and the reality check's dialog — shown when the server says one is due (on opening, or when it
 * refused a round: `played` counts rounds and refusals), with the session time, stakes and net, and "continue" (acknowledge),
 * "view history" and "log out". Nothing for a visitor or a trial account (the call is refused).
 */
export function PlayProtection({ currencySymbol, played }: { currencySymbol: string; played: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const session = useQuery(trpc.protection.session.queryOptions(undefined, { staleTime: 0, retry: false, refetchInterval: 60_000 }));
  const acknowledge = useMutation(
    trpc.protection.acknowledge.mutationOptions({ onSuccess: (answer) => queryClient.setQueryData(trpc.protection.session.queryKey(), answer) }),
  );
  const s = session.data;
  const minutes = s?.minutes ?? 0;
  useEffect(() => {
    // A round played or refused (a due reality check among them): read the session again, the dialog follows.
    if (played > 0) void session.refetch();
  }, [played]);
  if (!s || s.startedAt === null) return null;
  const net = (minor: number) => `${minor > 0 ? '+' : ''}${formatMinor(minor, language, currencySymbol)}`;
  return (
    <>
      <p className="game-page__session" data-testid="play.session">
        <span>
          {t('play_session_clock')}: <strong data-testid="play.session.clock">{t('play_minutes', { n: formatDigits(minutes, language) })}</strong>
        </span>
        <span>
          {t('play_session_net')}: <strong data-testid="play.session.net">{net(s.netMinor)}</strong>
        </span>
      </p>
      {s.realityCheck.due && (
        <Modal testId="play.reality" title={t('play_reality_title')} onClose={() => acknowledge.mutate({})} size="small">
          <p className="dialog__text">{t('play_reality_text', { minutes: formatDigits(minutes, language) })}</p>
          <dl className="game-page__reality">
            <dt>{t('play_reality_staked')}</dt>
            <dd data-testid="play.reality.staked">{formatMinor(s.stakedMinor, language, currencySymbol)}</dd>
            <dt>{t('play_reality_net')}</dt>
            <dd data-testid="play.reality.net">{net(s.netMinor)}</dd>
          </dl>
          {s.previousLoginAt && <p className="dialog__text">{t('play_previous_login', { when: localDateTime(s.previousLoginAt, language) })}</p>}
          <div className="dialog__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="play.reality.continue"
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate({})}
            >
              {t('play_reality_continue')}
            </button>
            <a className="btn" data-testid="play.reality.history" href={HISTORY_PATH}>
              {t('play_reality_history')}
            </a>
            <button
              type="button"
              className="btn btn--ghost"
              data-testid="play.reality.logout"
              onClick={() => void signOut().then(() => window.location.assign('/'))}
            >
              {t('play_reality_logout')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** A bet refused by a loss or stake limit says when its room grows again (docs/0104). */
export function LimitResetNote({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const resetAt = (error as { data?: { upstream?: { resetAt?: string } } } | null)?.data?.upstream?.resetAt;
  if (!resetAt) return null;
  return (
    <p className="form-error" data-testid="play.limit.reset">
      {t('play_limit_reset', { when: localDateTime(resetAt, i18n.language) })}
    </p>
  );
}
