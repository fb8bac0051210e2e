import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_ROUND_STATES, type TGameRoundState } from '@wl/schemas/games/rounds';
import { dayText, midnight } from '../lib/local-days.ts';
import { FilterField } from './parts.tsx';

export type TRoundFilters = { nodeId: string; account: string; state: '' | TGameRoundState; mode: 'real' | 'fun'; fromDay: string; toDay: string };

/** The filters a console opens with: every game, real money, the last seven days. */
export function initialRoundFilters(now: Date): TRoundFilters {
  const today = dayText(now);
  return { nodeId: '', account: '', state: '', mode: 'real', fromDay: dayText(midnight(today, -6)), toDay: today };
}

type TGame = { nodeId: string; nameEn: string; nameBn: string };

/** Game, member account, state, real or play money and a range of local days; applied on submit. */
export function RoundsFilter({ games, gameName, onApply }: { games: readonly TGame[]; gameName: (g: TGame) => string; onApply: (filters: TRoundFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => initialRoundFilters(new Date()));
  const today = dayText(new Date());
  const set = <K extends keyof TRoundFilters>(key: K) => (value: TRoundFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form className="operator__filters" onSubmit={apply} noValidate role="search" aria-label={t('oprounds_title')}>
      <FilterField label={t('oprounds_game')}>
        <select className="input" data-testid="operator.rounds.game" value={draft.nodeId} onChange={(e) => set('nodeId')(e.target.value)}>
          <option value="">{t('oprounds_any_game')}</option>
          {games.map((g) => (
            <option key={g.nodeId} value={g.nodeId}>
              {gameName(g)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={t('oprounds_account')}>
        <input className="input" type="search" data-testid="operator.rounds.account" value={draft.account} maxLength={64} autoComplete="off" onChange={(e) => set('account')(e.target.value)} />
      </FilterField>
      <FilterField label={t('oprounds_state')}>
        <select className="input" data-testid="operator.rounds.state" value={draft.state} onChange={(e) => set('state')(e.target.value as '' | TGameRoundState)}>
          <option value="">{t('oprounds_any_state')}</option>
          {GAME_ROUND_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`oprounds_state_${s}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={t('oprounds_mode')}>
        <select className="input" data-testid="operator.rounds.mode" value={draft.mode} onChange={(e) => set('mode')(e.target.value as 'real' | 'fun')}>
          <option value="real">{t('oprounds_mode_real')}</option>
          <option value="fun">{t('oprounds_mode_fun')}</option>
        </select>
      </FilterField>
      <FilterField label={t('oprounds_from')}>
        <input className="input" type="date" data-testid="operator.rounds.from" value={draft.fromDay} max={today} onChange={(e) => set('fromDay')(e.target.value)} />
      </FilterField>
      <FilterField label={t('oprounds_to')}>
        <input className="input" type="date" data-testid="operator.rounds.to" value={draft.toDay} max={today} onChange={(e) => set('toDay')(e.target.value)} />
      </FilterField>
      <button type="submit" className="btn btn--primary btn--small" data-testid="operator.rounds.apply">
        {t('oprounds_apply')}
      </button>
    </form>
  );
}
