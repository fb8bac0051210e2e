import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotteryLaunchFields, lottoAreaOfPath } from '@wl/flows/launch/launch-rules';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { configCategories, type TLotteryRouteState } from '../launch/use-launch.ts';
import { getToken } from '../session/session-storage.ts';
import { StatusCard } from './status-card.tsx';

/** The page a lottery route came from (route state), when it is a path on this site; else home. */
function backUrlOf(state: unknown): string {
  const from = (state as Partial<TLotteryRouteState> | null)?.from;
  return typeof from === 'string' && /^\/(?![/\\])[^\s\\]*$/.test(from) ? from : '/';
}

/**
 * /lottery, /seaLottery, /vnLottery (docs/rules/games.md#g-4): without a stored token they redirect to /login;
 * with one the route's lottery game is launched with the docs/rules/games.md#g-3 lottery fields (area from the
 * route, game from `gameCode`, prize mode from the catalogue by docs/rules/games.md#g-3, `view=lobby` for the lobby)
 * and offered as a link (a new tab needs a user gesture).
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const config = useScreenConfig();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = getToken();
  const area = lottoAreaOfPath(location.pathname);
  const fields = useMemo(
    () =>
      area === null
        ? null
        : lotteryLaunchFields({
            area,
            gameCode: params.get('gameCode'),
            view: params.get('view'),
            categories: configCategories(config),
            backUrl: backUrlOf(location.state),
          }),
    [area, params, config, location.state],
  );
  const launch = useMutation(trpc.catalogue.launchLottery.mutationOptions());
  const started = useRef<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const key = fields === null ? null : JSON.stringify(fields);
  useEffect(() => {
    // One launch per set of fields: a re-render must not spend another ticket.
    if (!token || fields === null || started.current === key) return;
    started.current = key;
    launch.mutate(fields, { onSuccess: (r) => setUrl(r.url) });
  }, [token, fields, key, launch]);
  if (!token) return <Navigate to="/login" replace />;
  return (
    <StatusCard testId="lottery.page" icon="lottery" title={t('lottery_title')} inline>
      {fields === null && <p data-testid="lottery.no-game">{t('error_bad_request')}</p>}
      {launch.isPending && <span className="spinner" aria-label={t('loading')} />}
      {launch.error && (
        <p className="form__error" data-testid="lottery.error">
          {t(errorKey(launch.error))}
        </p>
      )}
      {url && (
        <a className="btn btn--primary" href={url} target="_blank" rel="noopener noreferrer" data-testid="lottery.open">
          {t('open_game')}
        </a>
      )}
    </StatusCard>
  );
}
