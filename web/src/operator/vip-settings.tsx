import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GAME_TYPES } from '@wl/schemas/domain/game-types';
import type { TOperatorVipLevel, TOperatorVipSettings } from '@wl/schemas/wps/operator-promotion-calls';
import { useTRPC } from '../api/trpc.ts';
import { InputField } from '../accounts/form-parts.tsx';
import { QueryError, SelectField } from '../layout/form-controls.tsx';
import { refusalKey } from './parts.tsx';

type TNumberKey = 'minDepositMinor' | 'minTurnoverMinor' | 'upgradeBonusMinor' | 'withdrawLimitMinor';
const MONEY_FIELDS: readonly [TNumberKey, string][] = [
  ['minDepositMinor', 'opvip_min_deposit'],
  ['minTurnoverMinor', 'opvip_min_turnover'],
  ['upgradeBonusMinor', 'opvip_upgrade_bonus'],
  ['withdrawLimitMinor', 'opvip_withdraw_limit'],
];
/** Whole units typed → minor units (the server checks every value again). */
const toMinor = (text: string) => Math.round(Number(text || '0') * 100);

function LevelFields({ l, canWrite, onChange }: { l: TOperatorVipLevel; canWrite: boolean; onChange: (l: TOperatorVipLevel) => void }) {
  const { t } = useTranslation();
  const rateOf = (type: string) => l.rates.find((r) => r.gameType === type)?.rateBp ?? 0;
  const setRate = (type: (typeof GAME_TYPES)[number], text: string) =>
    onChange({ ...l, rates: [...l.rates.filter((r) => r.gameType !== type), { gameType: type, rateBp: Number(text || '0') }] });
  const id = `operator.vip.${l.level}`;
  return (
    <fieldset className="form card" data-testid={id} disabled={!canWrite}>
      <legend>{t('opvip_level', { level: l.level })}</legend>
      <InputField label={t('opvip_name_en')} testId={`${id}.nameEn`} maxLength={40} value={l.nameEn} onValue={(v) => onChange({ ...l, nameEn: v })} />
      <InputField label={t('opvip_name_bn')} testId={`${id}.nameBn`} maxLength={40} value={l.nameBn} onValue={(v) => onChange({ ...l, nameBn: v })} />
      {MONEY_FIELDS.map(([key, label]) => (
        <InputField
          key={key}
          label={t(label)}
          inputMode="decimal"
          testId={`${id}.${key}`}
          maxLength={14}
          value={String(l[key] / 100)}
          onValue={(v) => onChange({ ...l, [key]: toMinor(v) })}
        />
      ))}
      <InputField
        label={t('opvip_withdraw_count')}
        inputMode="numeric"
        testId={`${id}.withdrawCount`}
        maxLength={4}
        value={String(l.withdrawCount)}
        onValue={(v) => onChange({ ...l, withdrawCount: Number(v || '0') })}
      />
      {GAME_TYPES.map((type) => (
        <InputField
          key={type}
          label={t('opvip_rate', { type: t(`category_${type.toLowerCase()}`) })}
          inputMode="numeric"
          testId={`${id}.rate.${type}`}
          maxLength={4}
          value={String(rateOf(type))}
          onValue={(v) => setRate(type, v)}
        />
      ))}
    </fieldset>
  );
}

function Editor({ initial, canWrite }: { initial: TOperatorVipSettings; canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [s, setS] = useState(initial);
  const save = useMutation(
    trpc.operator.setVipSettings.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.operator.vipSettings.queryKey() }) }),
  );
  const setLevel = (i: number) => (l: TOperatorVipLevel) => setS((x) => ({ ...x, levels: x.levels.map((old, j) => (j === i ? l : old)) }));
  const top = s.levels[s.levels.length - 1]!;
  return (
    <div className="form">
      <InputField
        label={t('opvip_period')}
        inputMode="numeric"
        testId="operator.vip.period"
        maxLength={3}
        disabled={!canWrite}
        value={String(s.periodDays)}
        onValue={(v) => setS({ ...s, periodDays: Number(v || '0') })}
      />
      <SelectField
        label={t('opvip_payout')}
        testId="operator.vip.payout"
        value={s.rebatePayout}
        options={['manual', 'automatic'] as const}
        text={(o) => t(`opvip_payout_${o}`)}
        onChange={(v) => setS({ ...s, rebatePayout: v === 'automatic' ? 'automatic' : 'manual' })}
      />
      {s.levels.map((l, i) => (
        <LevelFields key={l.level} l={l} canWrite={canWrite} onChange={setLevel(i)} />
      ))}
      {canWrite && (
        <div className="btn-row">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="operator.vip.add"
            onClick={() => setS({ ...s, levels: [...s.levels, { ...top, level: top.level + 1 }] })}
          >
            {t('opvip_add_level')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="operator.vip.remove"
            disabled={s.levels.length <= 1}
            onClick={() => setS({ ...s, levels: s.levels.slice(0, -1) })}
          >
            {t('opvip_remove_level')}
          </button>
          <button
            type="button"
            className="btn btn--primary btn--small"
            data-testid="operator.vip.save"
            disabled={save.isPending}
            onClick={() => save.mutate(s)}
          >
            {t('opvip_save')}
          </button>
        </div>
      )}
      {save.isSuccess && <p role="status">{t('opvip_saved')}</p>}
      {save.error && (
        <p className="form__error" role="alert" data-testid="operator.vip.error">
          {t(refusalKey(save.error))}
        </p>
      )}
    </div>
  );
}

/** VIP levels, rebate rates, the period and the payout (money.read to see, money.write to change; docs/0098). */
export function OperatorVipSettings({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.operator.vipSettings.queryOptions(undefined, { staleTime: 0 }));
  return (
    <section data-testid="operator.vip">
      <h2>{t('opvip_title')}</h2>
      <QueryError error={q.error} />
      {q.data && <Editor key={q.dataUpdatedAt} initial={q.data} canWrite={canWrite} />}
    </section>
  );
}
