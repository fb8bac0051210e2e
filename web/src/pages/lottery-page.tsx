import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { getToken } from '../session/session-storage.ts';

/**
 * /lottery, /seaLottery, /vnLottery (SPEC §2): without a stored token they redirect to /login;
 * with one the lottery game is launched and offered as a link (a new tab needs a user gesture).
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode') ?? '';
  const token = getToken();
  const launch = useMutation(trpc.catalogue.launch.mutationOptions());
  const started = useRef(false);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!token || !gameCode || started.current) return;
    started.current = true;
    launch.mutate({ nodeId: gameCode, freeTrial: false }, { onSuccess: (r) => setUrl(r.url) });
  }, [token, gameCode, launch]);
  if (!token) return <Navigate to="/login" replace />;
  return (
    <div className="status-page status-page--inline" data-testid="lottery.page">
      <div className="status-page__card">
        <div className="status-page__icon" aria-hidden="true">🎱</div>
        <h1>{t('lottery_title')}</h1>
        {!gameCode && <p>{t('error_bad_request')}</p>}
        {launch.isPending && <span className="spinner" aria-label={t('loading')} />}
        {launch.error && <p className="form__error">{t(errorKey(launch.error))}</p>}
        {url && (
          <a className="btn btn--primary" href={url} target="_blank" rel="noopener noreferrer" data-testid="lottery.open">
            {t('open_game')}
          </a>
        )}
      </div>
    </div>
  );
}
