import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { Icon } from '../layout/icons.tsx';
import { useNearViewport } from '../lib/use-near-viewport.ts';

const WinnerLists = lazy(() => import('./winner-lists.tsx'));

/**
 * Winner board (docs/rules/content.md#c-9): its heading and box at once, the winners asked for at load; the lists (and
 * their code, winner-lists.tsx) when the board comes within a screen of the viewport — at once beside
 * the rows on a wide screen, on approach below them on a phone (docs/0060).
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { language } = useSettings();
  const q = useQuery(trpc.content.winnerBoard.queryOptions({ language }));
  const [ref, isNear] = useNearViewport<HTMLElement>();
  const list = q.data ?? [];
  const loading = <div className="winners__loading" aria-busy="true" />;
  // Far from the screen the board waits for the visitor, it is not loading (docs/0060): only its box.
  const waiting = <div className="winners__loading" />;
  return (
    <section ref={ref} className="winners" data-testid="winner-board" aria-label={t('winner_board')}>
      <h2 className="row__title">
        <Icon name="trophy" size={20} /> {t('winner_board')}
      </h2>
      {!isNear ? (
        waiting
      ) : list.length === 0 && q.isLoading ? (
        loading
      ) : list.length === 0 ? (
        <p className="no-data" data-testid="no-data">
          {t('no_data')}
        </p>
      ) : (
        <Suspense fallback={loading}>
          <WinnerLists list={list} />
        </Suspense>
      )}
    </section>
  );
}
