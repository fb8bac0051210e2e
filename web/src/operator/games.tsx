import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@wl/schemas/domain/game-types';
import type { TGameType } from '@wl/schemas';
import { GAME_SWITCH_STATES, OPERATOR_GAMES_PAGE_SIZE, type TGameSwitchState } from '@wl/schemas/domain/game-switches';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import '../styles/operator.css';
import '../styles/operator-games.css';
import { QueryError, SelectField } from '../layout/form-controls.tsx';
import { InputField } from '../accounts/form-parts.tsx';
import { OperatorLottery } from './lottery.tsx';
import { Switch, useDraft } from './parts.tsx';

type TState = TGameSwitchState;
/** The category filter: '' is any category. */
const CATEGORY_OPTIONS: readonly ('' | TGameType)[] = ['', ...GAME_TYPES];
type TGameFilters = { search?: string; gameType?: TGameType; state: TState };

/** Name, category and on/off; applied filters go back to the first page. */
function GamesFilter({ titleOf, onApply }: { titleOf: (gameType: TGameType) => string; onApply: (filters: TGameFilters) => void }) {
  const { t } = useTranslation();
  const [draft, set] = useDraft<{ search: string; gameType: '' | TGameType; state: TState }>({ search: '', gameType: '', state: 'all' });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const search = draft.search.trim();
    onApply({ state: draft.state, ...(search ? { search } : {}), ...(draft.gameType ? { gameType: draft.gameType } : {}) });
  };
  return (
    <form className="operator__filters" onSubmit={apply} noValidate role="search">
      <InputField label={t('opgames_search')} type="search" testId="operator.games.search" value={draft.search} maxLength={100} onValue={set('search')} />
      <SelectField
        label={t('opgames_category')}
        testId="operator.games.category"
        value={draft.gameType}
        options={CATEGORY_OPTIONS}
        text={(g) => (g ? titleOf(g) : t('opgames_any_category'))}
        onChange={(v) => set('gameType')(v as '' | TGameType)}
      />
      <SelectField
        label={t('opgames_state')}
        testId="operator.games.state"
        value={draft.state}
        options={GAME_SWITCH_STATES}
        text={(s) => t(`opgames_state_${s}`)}
        onChange={(v) => set('state')(v as TState)}
      />
      <button type="submit" className="btn btn--primary btn--small" data-testid="operator.games.apply">
        {t('opgames_apply')}
      </button>
    </form>
  );
}

/** The calls and switches of the games panel; the whole console refetches after a switch (the flag list shows the GAME_<type> nodes, the audit log the change). */
function useGameSwitches(filters: TGameFilters, pageNo: number) {
  const { i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const categories = useQuery(trpc.operator.gameCategories.queryOptions(undefined, { staleTime: 0 }));
  const games = useQuery({
    ...trpc.operator.games.queryOptions({ ...filters, pageNo, pageSize: OPERATOR_GAMES_PAGE_SIZE }, { staleTime: 0 }),
    placeholderData: (prev) => prev,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
  const setCategory = useMutation(trpc.operator.setGameCategory.mutationOptions({ onSettled: refresh }));
  const setGame = useMutation(trpc.operator.setGame.mutationOptions({ onSettled: refresh }));
  // Category titles come in the console's language.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: trpc.operator.gameCategories.queryKey() });
  }, [i18n.language, qc, trpc]);
  return {
    categories,
    games,
    setCategory,
    setGame,
    busy: setCategory.isPending || setGame.isPending,
    error: categories.error ?? games.error ?? setCategory.error ?? setGame.error,
    titleOf: (gameType: TGameType) => categories.data?.categories.find((c) => c.gameType === gameType)?.title ?? gameType,
  };
}

/**
 * Switch categories and single games on and off (docs/0037). What is switched off leaves every open
 * page at once (live config push) and cannot be launched. Every role may look; only roles with
 * whitelabel.write (owner, content) may switch, and the platform enforces it.
 */
export default function OperatorGames({ canWrite, canWriteLottery }: { canWrite: boolean; canWriteLottery: boolean }) {
  const ready = useAreaTexts('operatorGames', 'operatorAudit', 'records');
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<TGameFilters>({ state: 'all' });
  const [pageNo, setPageNo] = useState(1);
  const g = useGameSwitches(filters, pageNo);
  const locked = g.busy || !canWrite;
  if (!ready) return <span className="spinner" />;
  return (
    <section className="operator__section" data-testid="operator.games">
      <h2>{t('opgames_title')}</h2>
      {!canWrite && (
        <p className="operator__role" data-testid="operator.games.read-only">
          {t('opgames_read_only')}
        </p>
      )}
      <QueryError error={g.error} testId="operator.games.error" />
      <h3>{t('opgames_categories')}</h3>
      <p className="operator__role">{t('opgames_category_note')}</p>
      <div className="operator-games__list" data-testid="operator.games.categories">
        {g.categories.data?.categories.map((c) => (
          <Switch
            key={c.gameType}
            testId={`operator.category.${c.gameType}`}
            label={c.title}
            detail={t('opgames_category_counts', { games: c.games, off: c.gamesOff })}
            detailClass="operator-games__detail"
            checked={c.enabled}
            disabled={locked}
            onChange={(enabled) => g.setCategory.mutate({ gameType: c.gameType, enabled })}
          />
        ))}
      </div>
      <h3>{t('opgames_games')}</h3>
      <GamesFilter
        titleOf={g.titleOf}
        onApply={(f) => {
          setFilters(f);
          setPageNo(1);
        }}
      />
      {g.games.data && (
        <p className="operator__role" data-testid="operator.games.total" aria-live="polite">
          {t('opgames_total', { total: g.games.data.total })}
        </p>
      )}
      {g.games.isSuccess && g.games.data.games.length === 0 && <p className="no-data">{t('opgames_empty')}</p>}
      <div className="operator-games__list" data-testid="operator.games.list">
        {g.games.data?.games.map((x) => (
          <Switch
            key={x.nodeId}
            testId={`operator.game.${x.nodeId}`}
            label={i18n.language === 'bn' ? x.nameBn : x.nameEn}
            detail={`${x.vendorName} · ${g.titleOf(x.gameType)}`}
            detailClass="operator-games__detail"
            checked={x.enabled}
            disabled={locked}
            onChange={(enabled) => g.setGame.mutate({ nodeId: x.nodeId, enabled })}
          />
        ))}
      </div>
      <RecordPager
        pageNo={pageNo}
        total={g.games.data?.total}
        pageSize={OPERATOR_GAMES_PAGE_SIZE}
        onPage={setPageNo}
        testId="operator.games"
        pageTestId="operator.games.page"
        list={t('opgames_title')}
      />
      {/* The lottery's payouts are money: money.write, not the content role's switches (docs/0066). */}
      <OperatorLottery canWrite={canWriteLottery} />
    </section>
  );
}
