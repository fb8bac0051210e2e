import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '@wl/schemas/domain/money';
import type { TMissionSave, TOperatorLeaderboard, TOperatorMission } from '@wl/schemas/wps/mission-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { InputField } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

type TTaskKind = 'turnover' | 'deposit' | 'login_days' | 'rounds';
const GAME_TYPES = ['', 'RNG', 'LIVE', 'SPORTS', 'LOTT', 'FISH', 'PVP', 'CRASH'] as const;
const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : NaN);
/** A task's target as typed: money in taka for turnover and deposits, a count otherwise. */
const targetOf = (kind: TTaskKind, text: string) => (kind === 'turnover' || kind === 'deposit' ? parseAmountInput(text) : whole(text));

/**
 * Missions and leaderboards (docs/0119): every operator reads them; content (content.write) creates
 * a mission or a board and switches it on or off; finance (money.write) sets what a mission pays and
 * a board's prizes. The platform checks every value again and audits each change.
 */
export default function OperatorMissions({ canContent, canMoney }: { canContent: boolean; canMoney: boolean }) {
  const ready = useAreaTexts('promotions', 'money');
  const { t, i18n } = useTranslation();
  const bn = i18n.language.startsWith('bn');
  const trpc = useTRPC();
  const qc = useQueryClient();
  const missions = useQuery(trpc.operator.missions.queryOptions(undefined, { staleTime: 0 }));
  const boards = useQuery(trpc.operator.leaderboards.queryOptions(undefined, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const done = {
    onSuccess: () => setError(null),
    onError: (err: unknown) => setError(refusalKey(err)),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: trpc.operator.missions.queryKey() });
      void qc.invalidateQueries({ queryKey: trpc.operator.leaderboards.queryKey() });
    },
  };
  const saveMission = useMutation(trpc.operator.saveMission.mutationOptions(done));
  const setReward = useMutation(trpc.operator.setMissionReward.mutationOptions(done));
  const saveBoard = useMutation(trpc.operator.saveLeaderboard.mutationOptions(done));
  const setPrizes = useMutation(trpc.operator.setLeaderboardPrizes.mutationOptions(done));
  if (!ready) return <span className="spinner" aria-busy="true" />;
  const toggleMission = (m: TOperatorMission) =>
    saveMission.mutate({ id: m.id, cadence: m.cadence, nameEn: m.nameEn, nameBn: m.nameBn, tasks: m.tasks, points: m.points, active: !m.active, sort: m.sort });
  const toggleBoard = (b: TOperatorLeaderboard) =>
    saveBoard.mutate({ id: b.id, nameEn: b.nameEn, nameBn: b.nameBn, metric: b.metric, period: b.period, active: !b.active });
  return (
    <section className="operator__section" data-testid="operator.missions">
      <SectionHead
        title={t('mission_console_title')}
        testId="operator.missions"
        refreshText={t('op_refresh')}
        onRefresh={() => {
          void missions.refetch();
          void boards.refetch();
        }}
      />
      {canContent && <MissionForm onSave={(m) => saveMission.mutate(m)} onInvalid={() => setError('mission_console_invalid')} busy={saveMission.isPending} />}
      {(error ?? missions.error) && (
        <p className="form__error" role="alert" data-testid="operator.missions.error">
          {t(error ?? errorKey(missions.error))}
        </p>
      )}
      <ul className="money__list">
        {(missions.data?.rows ?? []).map((m) => (
          <li key={m.id} className="money__row" data-testid="operator.missions.item" data-id={m.id}>
            <strong>{bn ? m.nameBn : m.nameEn}</strong>
            <span lang="bn">{m.nameBn}</span>
            <span>{t(`mission_cadence_${m.cadence}`)}</span>
            <span>
              {m.reward
                ? t(m.reward.kind === 'cash' ? 'mission_reward_cash' : 'mission_reward_bonus', { amount: formatMinor(m.reward.amountMinor, i18n.language) })
                : t('mission_console_unpriced')}
            </span>
            <span>{t(m.active ? 'mission_console_on' : 'mission_console_off')}</span>
            {canContent && (
              <button type="button" className="btn" data-testid="operator.missions.toggle" onClick={() => toggleMission(m)}>
                {t(m.active ? 'mission_console_switch_off' : 'mission_console_switch_on')}
              </button>
            )}
            {canMoney && <RewardForm mission={m} onSave={(r) => setReward.mutate(r)} onInvalid={() => setError('mission_console_invalid')} />}
          </li>
        ))}
      </ul>
      <h3>{t('leaderboard_title')}</h3>
      {canContent && <BoardForm onSave={(b) => saveBoard.mutate(b)} onInvalid={() => setError('mission_console_invalid')} />}
      <ul className="money__list">
        {(boards.data?.rows ?? []).map((b) => (
          <li key={b.id} className="money__row" data-testid="operator.leaderboards.item" data-id={b.id}>
            <strong>{bn ? b.nameBn : b.nameEn}</strong>
            <span lang="bn">{b.nameBn}</span>
            <span>
              {t(`leaderboard_metric_${b.metric}`)} · {t(`leaderboard_period_${b.period}`)}
            </span>
            <span>{b.prizes.length > 0 ? b.prizes.map((p) => formatMinor(p, i18n.language)).join(' · ') : t('mission_console_unpriced')}</span>
            <span>{t(b.active ? 'mission_console_on' : 'mission_console_off')}</span>
            {canContent && (
              <button type="button" className="btn" data-testid="operator.leaderboards.toggle" onClick={() => toggleBoard(b)}>
                {t(b.active ? 'mission_console_switch_off' : 'mission_console_switch_on')}
              </button>
            )}
            {canMoney && <PrizesForm board={b} onSave={(p) => setPrizes.mutate(p)} onInvalid={() => setError('mission_console_invalid')} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MissionForm({ onSave, onInvalid, busy }: { onSave: (m: TMissionSave) => void; onInvalid: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const [d, setD] = useState({ nameEn: '', nameBn: '', cadence: 'daily', kind: 'login_days' as TTaskKind, gameType: '', target: '1', points: '10' });
  const set = (k: keyof typeof d) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = targetOf(d.kind, d.target);
    const points = whole(d.points);
    if (target === null || Number.isNaN(target) || target <= 0 || Number.isNaN(points) || !d.nameEn.trim() || !d.nameBn.trim()) return onInvalid();
    onSave({
      id: null,
      cadence: d.cadence as 'daily',
      nameEn: d.nameEn,
      nameBn: d.nameBn,
      tasks: [{ kind: d.kind, gameType: (d.kind === 'turnover' || d.kind === 'rounds') && d.gameType ? (d.gameType as 'RNG') : null, target }],
      points,
      active: true,
      sort: 0,
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="operator.missions.form">
      <InputField label={t('mission_console_name_en')} testId="operator.missions.name-en" maxLength={80} value={d.nameEn} onValue={set('nameEn')} />
      <InputField label={t('mission_console_name_bn')} testId="operator.missions.name-bn" maxLength={80} value={d.nameBn} onValue={set('nameBn')} />
      <label className="field">
        <span className="field__label">{t('mission_console_cadence')}</span>
        <select className="input" data-testid="operator.missions.cadence" value={d.cadence} onChange={(e) => set('cadence')(e.target.value)}>
          {(['daily', 'weekly', 'once'] as const).map((c) => (
            <option key={c} value={c}>
              {t(`mission_cadence_${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('mission_console_task')}</span>
        <select className="input" data-testid="operator.missions.kind" value={d.kind} onChange={(e) => set('kind')(e.target.value)}>
          {(['login_days', 'rounds', 'turnover', 'deposit'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`mission_task_${k}`, { game: t('mission_all_games') })}
            </option>
          ))}
        </select>
      </label>
      {(d.kind === 'turnover' || d.kind === 'rounds') && (
        <label className="field">
          <span className="field__label">{t('mission_console_game')}</span>
          <select className="input" data-testid="operator.missions.game" value={d.gameType} onChange={(e) => set('gameType')(e.target.value)}>
            {GAME_TYPES.map((g) => (
              <option key={g} value={g}>
                {g ? t(`category_${g.toLowerCase()}`) : t('mission_all_games')}
              </option>
            ))}
          </select>
        </label>
      )}
      <InputField
        label={t('mission_console_target')}
        testId="operator.missions.target"
        inputMode="decimal"
        maxLength={12}
        value={d.target}
        onValue={set('target')}
      />
      <InputField
        label={t('mission_console_points')}
        testId="operator.missions.points"
        inputMode="numeric"
        maxLength={6}
        value={d.points}
        onValue={set('points')}
      />
      <button type="submit" className="btn btn--primary" data-testid="operator.missions.submit" disabled={busy}>
        {t('mission_console_create')}
      </button>
    </form>
  );
}

function RewardForm({
  mission,
  onSave,
  onInvalid,
}: {
  mission: TOperatorMission;
  onSave: (r: { id: number; termsVersion: number; kind: 'cash' | 'bonus'; amountMinor: number; turnoverMultiple: number | null }) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'cash' | 'bonus'>(mission.reward?.kind ?? 'cash');
  const [amount, setAmount] = useState('');
  const [multiple, setMultiple] = useState(String(mission.turnoverMultiple ?? 5));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amountMinor = parseAmountInput(amount);
    if (amountMinor === null || amountMinor <= 0 || (kind === 'bonus' && Number.isNaN(whole(multiple)))) return onInvalid();
    // The terms this form shows: a change of them meanwhile is refused (docs/rules/money.md#m-51).
    onSave({ id: mission.id, termsVersion: mission.termsVersion, kind, amountMinor, turnoverMultiple: kind === 'bonus' ? whole(multiple) : null });
  };
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="operator.missions.reward">
      <label className="field">
        <span className="field__label">{t('mission_console_reward_kind')}</span>
        <select className="input" value={kind} onChange={(e) => setKind(e.target.value as 'cash')}>
          <option value="cash">{t('reward_code_kind_cash')}</option>
          <option value="bonus">{t('reward_code_kind_bonus')}</option>
        </select>
      </label>
      <InputField
        label={t('reward_code_amount')}
        testId="operator.missions.reward-amount"
        inputMode="decimal"
        maxLength={20}
        value={amount}
        onValue={setAmount}
      />
      {kind === 'bonus' && (
        <InputField
          label={t('reward_code_multiple')}
          testId="operator.missions.reward-multiple"
          inputMode="numeric"
          maxLength={2}
          value={multiple}
          onValue={setMultiple}
        />
      )}
      <button type="submit" className="btn" data-testid="operator.missions.reward-submit">
        {t('mission_console_set_reward')}
      </button>
    </form>
  );
}

function BoardForm({
  onSave,
  onInvalid,
}: {
  onSave: (b: { id: null; nameEn: string; nameBn: string; metric: 'turnover' | 'points'; period: 'daily' | 'weekly'; active: boolean }) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState({ nameEn: '', nameBn: '', metric: 'turnover', period: 'daily' });
  const set = (k: keyof typeof d) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!d.nameEn.trim() || !d.nameBn.trim()) return onInvalid();
    onSave({ id: null, nameEn: d.nameEn, nameBn: d.nameBn, metric: d.metric as 'turnover', period: d.period as 'daily', active: true });
  };
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="operator.leaderboards.form">
      <InputField label={t('mission_console_name_en')} testId="operator.leaderboards.name-en" maxLength={80} value={d.nameEn} onValue={set('nameEn')} />
      <InputField label={t('mission_console_name_bn')} testId="operator.leaderboards.name-bn" maxLength={80} value={d.nameBn} onValue={set('nameBn')} />
      <label className="field">
        <span className="field__label">{t('mission_console_metric')}</span>
        <select className="input" value={d.metric} onChange={(e) => set('metric')(e.target.value)}>
          <option value="turnover">{t('leaderboard_metric_turnover')}</option>
          <option value="points">{t('leaderboard_metric_points')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('mission_console_period')}</span>
        <select className="input" value={d.period} onChange={(e) => set('period')(e.target.value)}>
          <option value="daily">{t('leaderboard_period_daily')}</option>
          <option value="weekly">{t('leaderboard_period_weekly')}</option>
        </select>
      </label>
      <button type="submit" className="btn btn--primary">
        {t('mission_console_create')}
      </button>
    </form>
  );
}

function PrizesForm({
  board,
  onSave,
  onInvalid,
}: {
  board: TOperatorLeaderboard;
  onSave: (p: { id: number; prizes: number[] }) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(board.prizes.map((p) => String(p / 100)).join(', '));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const prizes = text.trim() === '' ? [] : text.split(',').map((x) => parseAmountInput(x.trim()));
    if (prizes.length > 20 || prizes.some((p) => p === null || p <= 0)) return onInvalid();
    onSave({ id: board.id, prizes: prizes as number[] });
  };
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="operator.leaderboards.prizes">
      <InputField
        label={t('mission_console_prizes')}
        testId="operator.leaderboards.prizes-input"
        inputMode="decimal"
        maxLength={300}
        value={text}
        onValue={setText}
      />
      <button type="submit" className="btn">
        {t('mission_console_set_prizes')}
      </button>
    </form>
  );
}
