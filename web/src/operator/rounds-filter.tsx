import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_ROUND_STATES, type TGameRoundState } from '@wl/schemas/games/rounds';
import { InputField } from '../accounts/form-parts.tsx';
import { SelectField } from '../layout/form-controls.tsx';
import { dayText, midnight } from '../lib/local-days.ts';
import { useDraft } from './parts.tsx';

export type TRoundFilters = { nodeId: string; account: string; state: '' | TGameRoundState; mode: 'real' | 'fun'; fromDay: string; toDay: string };

/** The filters a console opens with: every game, real money, the last seven days. */
export function initialRoundFilters(now: Date): TRoundFilters {
  const today = dayText(now);
  return { nodeId: '', account: '', state: '', mode: 'real', fromDay: dayText(midnight(today, -6)), toDay: today };
}

/** The state filter: '' is any state. */
const STATE_OPTIONS: readonly ('' | TGameRoundState)[] = ['', ...GAME_ROUND_STATES];
const MODES = ['real', 'fun'] as const;

type TGame = { nodeId: string; nameEn: string; nameBn: string };

/** Game, member account, state, real or play money and a range of local days; applied on submit. */
export function RoundsFilter({
  games,
  gameName,
  onApply,
}: {
  games: readonly TGame[];
  gameName: (g: TGame) => string;
  onApply: (filters: TRoundFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, set] = useDraft(() => initialRoundFilters(new Date()));
  const today = dayText(new Date());
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form className="operator__filters" onSubmit={apply} noValidate role="search" aria-label={t('oprounds_title')}>
      <SelectField
        label={t('oprounds_game')}
        testId="operator.rounds.game"
        value={draft.nodeId}
        options={['', ...games.map((g) => g.nodeId)]}
        text={(id) => (id ? gameName(games.find((g) => g.nodeId === id)!) : t('oprounds_any_game'))}
        onChange={set('nodeId')}
      />
      <InputField
        label={t('oprounds_account')}
        type="search"
        testId="operator.rounds.account"
        value={draft.account}
        maxLength={64}
        autoComplete="off"
        onValue={set('account')}
      />
      <SelectField
        label={t('oprounds_state')}
        testId="operator.rounds.state"
        value={draft.state}
        options={STATE_OPTIONS}
        text={(s) => t(s ? `oprounds_state_${s}` : 'oprounds_any_state')}
        onChange={(v) => set('state')(v as '' | TGameRoundState)}
      />
      <SelectField
        label={t('oprounds_mode')}
        testId="operator.rounds.mode"
        value={draft.mode}
        options={MODES}
        text={(m) => t(`oprounds_mode_${m}`)}
        onChange={(v) => set('mode')(v as 'real' | 'fun')}
      />
      <InputField label={t('oprounds_from')} type="date" testId="operator.rounds.from" value={draft.fromDay} max={today} onValue={set('fromDay')} />
      <InputField label={t('oprounds_to')} type="date" testId="operator.rounds.to" value={draft.toDay} max={today} onValue={set('toDay')} />
      <button type="submit" className="btn btn--primary btn--small" data-testid="operator.rounds.apply">
        {t('oprounds_apply')}
      </button>
    </form>
  );
}
