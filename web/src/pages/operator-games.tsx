import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES } from '@wl/schemas/domain/game-types';
import type { TGameType } from '@wl/schemas';
import { GAME_SWITCH_STATES, OPERATOR_GAMES_PAGE_SIZE, type TGameSwitchState } from '@wl/schemas/domain/game-switches';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { OperatorLottery } from './operator-lottery.tsx';
import '../styles/operator.css';
import '../styles/operator-games.css';

type TState = TGameSwitchState;

/** A labelled on/off switch; it shows what the server holds (it flips once the change is confirmed). */
function SwitchRow({ testId, label, detail, checked, disabled, onChange }: { testId: string; label: string; detail?: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="switch-row">
      <span className="switch-row__label">
        {label}
        {detail && <span className="operator-games__detail">{detail}</span>}
      </span>
      <input type="checkbox" role="switch" className="switch" data-testid={testId} checked={checked} disabled={disabled} aria-checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </label>
  );
}

/**
 * Issue 9 item 8 (docs/0037): switch categories and single games on and off. What is switched off
 * leaves every open page at once (live config push) and cannot be launched. Every role may look;
 * only roles with whitelabel.write (owner, content) may switch, and the platform enforces it.
 */
export default function OperatorGames({ canWrite, canWriteLottery }: { canWrite: boolean; canWriteLottery: boolean }) {
  const ready = useAreaTexts('operatorGames', 'operatorAudit', 'records');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<{ search: string; gameType: '' | TGameType; state: TState }>({ search: '', gameType: '', state: 'all' });
  const [filters, setFilters] = useState<{ search?: string; gameType?: TGameType; state: TState }>({ state: 'all' });
  const [pageNo, setPageNo] = useState(1);
  const categories = useQuery(trpc.operator.gameCategories.queryOptions(undefined, { staleTime: 0 }));
  const games = useQuery({ ...trpc.operator.games.queryOptions({ ...filters, pageNo, pageSize: OPERATOR_GAMES_PAGE_SIZE }, { staleTime: 0 }), placeholderData: (prev) => prev });
  // The whole console refetches: the flag list shows the GAME_<type> nodes and the audit log the change.
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
  const setCategory = useMutation(trpc.operator.setGameCategory.mutationOptions({ onSettled: refresh }));
  const setGame = useMutation(trpc.operator.setGame.mutationOptions({ onSettled: refresh }));
  // Category titles come in the console's language.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: trpc.operator.gameCategories.queryKey() });
  }, [i18n.language, qc, trpc]);
  const busy = setCategory.isPending || setGame.isPending;
  const error = categories.error ?? games.error ?? setCategory.error ?? setGame.error;
  const titleOf = (gameType: TGameType) => categories.data?.categories.find((c) => c.gameType === gameType)?.title ?? gameType;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const search = draft.search.trim();
    setFilters({ state: draft.state, ...(search ? { search } : {}), ...(draft.gameType ? { gameType: draft.gameType } : {}) });
    setPageNo(1);
  };
  if (!ready) return <span className="spinner" />;

  return (
    <section className="operator__section" data-testid="operator.games">
      <h2>{t('opgames_title')}</h2>
      {!canWrite && (
        <p className="operator__role" data-testid="operator.games.read-only">
          {t('opgames_read_only')}
        </p>
      )}
      {error && (
        <p className="form__error" role="alert" data-testid="operator.games.error">
          {t(errorKey(error))}
        </p>
      )}
      <h3>{t('opgames_categories')}</h3>
      <p className="operator__role">{t('opgames_category_note')}</p>
      <div className="operator-games__list" data-testid="operator.games.categories">
        {categories.data?.categories.map((c) => (
          <SwitchRow
            key={c.gameType}
            testId={`operator.category.${c.gameType}`}
            label={c.title}
            detail={t('opgames_category_counts', { games: c.games, off: c.gamesOff })}
            checked={c.enabled}
            disabled={busy || !canWrite}
            onChange={(enabled) => setCategory.mutate({ gameType: c.gameType, enabled })}
          />
        ))}
      </div>

      <h3>{t('opgames_games')}</h3>
      <form className="operator__filters" onSubmit={apply} noValidate role="search">
        <label className="field">
          <span className="field__label">{t('opgames_search')}</span>
          <input className="input" type="search" data-testid="operator.games.search" value={draft.search} maxLength={100} onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))} />
        </label>
        <label className="field">
          <span className="field__label">{t('opgames_category')}</span>
          <select className="input" data-testid="operator.games.category" value={draft.gameType} onChange={(e) => setDraft((d) => ({ ...d, gameType: e.target.value as '' | TGameType }))}>
            <option value="">{t('opgames_any_category')}</option>
            {GAME_TYPES.map((g) => (
              <option key={g} value={g}>
                {titleOf(g)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('opgames_state')}</span>
          <select className="input" data-testid="operator.games.state" value={draft.state} onChange={(e) => setDraft((d) => ({ ...d, state: e.target.value as TState }))}>
            {GAME_SWITCH_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`opgames_state_${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.games.apply">
          {t('opgames_apply')}
        </button>
      </form>
      {games.data && (
        <p className="operator__role" data-testid="operator.games.total" aria-live="polite">
          {t('opgames_total', { total: games.data.total })}
        </p>
      )}
      {games.isSuccess && games.data.games.length === 0 && <p className="no-data">{t('opgames_empty')}</p>}
      <div className="operator-games__list" data-testid="operator.games.list">
        {games.data?.games.map((g) => (
          <SwitchRow
            key={g.nodeId}
            testId={`operator.game.${g.nodeId}`}
            label={i18n.language === 'bn' ? g.nameBn : g.nameEn}
            detail={`${g.vendorName} · ${titleOf(g.gameType)}`}
            checked={g.enabled}
            disabled={busy || !canWrite}
            onChange={(enabled) => setGame.mutate({ nodeId: g.nodeId, enabled })}
          />
        ))}
      </div>
      <RecordPager pageNo={pageNo} total={games.data?.total} pageSize={OPERATOR_GAMES_PAGE_SIZE} onPage={setPageNo} testId="operator.games" pageTestId="operator.games.page" />
      {/* The lottery's payouts are money: money.write, not the content role's switches (docs/0066). */}
      <OperatorLottery canWrite={canWriteLottery} />
    </section>
  );
}
