import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROTECTION_LIMIT_KINDS, type TProtectionLimitKind } from '@wl/schemas/domain/protection';
import type { TAccountState, TComplianceMember } from '@wl/schemas/wps/compliance-calls';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import '../styles/rewards.css';

const FLAGS = ['depositBlocked', 'betBlocked', 'withdrawBlocked', 'suspended', 'fullBlock'] as const;
const REASON_MAX = 500;

/** Minor units (or minutes for the session) from what the operator typed; null when it is not a positive number. */
function parseValue(kind: TProtectionLimitKind, typed: string): number | null {
  const n = Number(typed.replace(/,/g, ''));
  if (!Number.isFinite(n) || n <= 0) return null;
  return kind === 'session_minutes' ? Math.round(n) : Math.round(n * 100);
}
const shown = (kind: TProtectionLimitKind, v: number | null) => (v === null ? '—' : kind === 'session_minutes' ? String(v) : (v / 100).toLocaleString('en'));

/** A required reason, bounded as the platform bounds it. */
function Reason({ id, value, onValue }: { id: string; value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="field" htmlFor={id}>
      <span className="field__label">{t('opcomp_reason')}</span>
      <textarea id={id} data-testid={id} className="input" required maxLength={REASON_MAX} rows={2} value={value} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}

/**
 * The member's account state: five switches, a reason, saved together (compliance.write). A save
 * changes the member's `stateSetAt`, which remounts this form with the new state; so "saved" is
 * kept by the member's view (`saved`, `onSaved`), not by this form's mutation, which the remount resets.
 */
function StateForm({ member, canWrite, saved, onSaved }: { member: TComplianceMember; canWrite: boolean; saved: boolean; onSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [state, setState] = useState<TAccountState>(member.state);
  const [reason, setReason] = useState('');
  const save = useMutation(
    trpc.operator.setAccountState.mutationOptions({
      onSuccess: () => {
        onSaved(true);
        void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSaved(false);
    save.mutate({ memberId: member.memberId, state, reason }, { onSuccess: () => setReason('') });
  };
  return (
    <form className="operator__filters" onSubmit={submit} noValidate aria-labelledby="opcomp-state">
      <h4 id="opcomp-state">{t('opcomp_state')}</h4>
      {FLAGS.map((f) => (
        <label key={f} className="checkbox">
          <input
            type="checkbox"
            data-testid={`operator.compliance.${f}`}
            checked={state[f]}
            disabled={!canWrite}
            onChange={(e) => setState({ ...state, [f]: e.target.checked })}
          />{' '}
          {t(`opcomp_flag_${f}`)}
        </label>
      ))}
      {member.stateReason && (
        <p className="rewards__note" data-testid="operator.compliance.stateReason">
          {t('opcomp_last_reason')}: {member.stateReason}
        </p>
      )}
      {canWrite && (
        <>
          <Reason id="operator.compliance.reason" value={reason} onValue={setReason} />
          <QueryError error={save.error} testId="operator.compliance.error" />
          <button
            type="submit"
            className="btn btn--primary btn--small"
            data-testid="operator.compliance.save"
            disabled={save.isPending || reason.trim() === ''}
          >
            {t('opcomp_save')}
          </button>
          {saved && (
            <p role="status" data-testid="operator.compliance.saved">
              {t('opcomp_saved')}
            </p>
          )}
        </>
      )}
    </form>
  );
}

/** An operator limit for this member or (memberId null) every member. */
function LimitForm({ memberId, canWrite }: { memberId: number | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [kind, setKind] = useState<TProtectionLimitKind>('deposit_24h');
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const save = useMutation(
    trpc.operator.setOperatorLimit.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() }) }),
  );
  if (!canWrite) return null;
  const scope = memberId === null ? 'merchant' : 'member';
  const Heading = memberId === null ? 'h3' : 'h4';
  const submit = (value: number | null) => save.mutate({ memberId, kind, value, reason }, { onSuccess: () => setReason('') });
  return (
    <form
      className="operator__filters"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit(parseValue(kind, typed)))}
      aria-labelledby={`opcomp-limit-${scope}`}
    >
      {/* The merchant's form sits under the section's h2, a member's under the member's h3 (axe heading-order). */}
      <Heading id={`opcomp-limit-${scope}`}>{t(`opcomp_limit_${scope}`)}</Heading>
      <label className="field">
        <span className="field__label">{t('opcomp_kind')}</span>
        <select className="input" value={kind} onChange={(e) => setKind(e.target.value as TProtectionLimitKind)}>
          {PROTECTION_LIMIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`opcomp_kind_${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t(kind === 'session_minutes' ? 'opcomp_minutes' : 'opcomp_amount')}</span>
        <input className="input" inputMode="decimal" maxLength={16} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <Reason id={`operator.compliance.limitReason.${scope}`} value={reason} onValue={setReason} />
      <QueryError error={save.error} />
      <button type="submit" className="btn btn--primary btn--small" disabled={save.isPending || reason.trim() === '' || parseValue(kind, typed) === null}>
        {t('opcomp_set_limit')}
      </button>{' '}
      <button type="button" className="btn btn--ghost btn--small" disabled={save.isPending || reason.trim() === ''} onClick={() => submit(null)}>
        {t('opcomp_lift_limit')}
      </button>
    </form>
  );
}

/** One member: state, limits (own, operator's, effective) and the protection history. */
function MemberView({ member, canWrite }: { member: TComplianceMember; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <div data-testid="operator.compliance.member">
      <h3>
        <span translate="no">{member.username}</span>
      </h3>
      <StateForm key={`${member.memberId}-${member.stateSetAt ?? ''}`} member={member} canWrite={canWrite} saved={saved} onSaved={setSaved} />
      <div className="table-scroll">
        <table className="rewards__table" data-testid="operator.compliance.limits">
          <caption>{t('opcomp_limits')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('opcomp_kind')}</th>
              <th scope="col">{t('opcomp_own')}</th>
              <th scope="col">{t('opcomp_for_member')}</th>
              <th scope="col">{t('opcomp_for_all')}</th>
              <th scope="col">{t('opcomp_effective')}</th>
            </tr>
          </thead>
          <tbody>
            {member.operator.map((o) => (
              <tr key={o.kind}>
                <th scope="row">{t(`opcomp_kind_${o.kind}`)}</th>
                <td>{shown(o.kind, member.own.find((l) => l.kind === o.kind)?.value ?? null)}</td>
                <td>{shown(o.kind, o.member)}</td>
                <td>{shown(o.kind, o.merchant)}</td>
                <td>{shown(o.kind, o.effective)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LimitForm memberId={member.memberId} canWrite={canWrite} />
      <div className="table-scroll">
        <table className="rewards__table" data-testid="operator.compliance.history">
          <caption>{t('opcomp_history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('opcomp_time')}</th>
              <th scope="col">{t('opcomp_who')}</th>
              <th scope="col">{t('opcomp_event')}</th>
              <th scope="col">{t('opcomp_after')}</th>
            </tr>
          </thead>
          <tbody>
            {member.history.map((e) => (
              <tr key={e.id}>
                <td>{localDateTime(e.at, i18n.language)}</td>
                <td>{t(`opcomp_channel_${e.channel}`)}</td>
                <td>{t(`opcomp_event_${e.kind}`)}</td>
                <td className="operator__json">{JSON.stringify(e.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Gaming switched off: all, one vendor or one game, with a reason; the list of what is off. */
function GamingForm({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const gaming = useQuery(trpc.operator.complianceGaming.queryOptions(undefined, { staleTime: 0 }));
  const [scope, setScope] = useState<'all' | 'vendor' | 'game'>('game');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const sw = useMutation(trpc.operator.switchGaming.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() }) }));
  const send = (s: typeof scope, tg: string, off: boolean) => sw.mutate({ scope: s, target: tg, off, reason }, { onSuccess: () => setReason('') });
  return (
    <section aria-labelledby="opcomp-gaming">
      <h3 id="opcomp-gaming">{t('opcomp_gaming')}</h3>
      <QueryError error={gaming.error ?? sw.error} />
      <ul data-testid="operator.compliance.switchOffs">
        {(gaming.data?.switchOffs ?? []).map((o) => (
          <li key={`${o.scope}:${o.target}`}>
            {t(`opcomp_scope_${o.scope}`)} <span translate="no">{o.target}</span> · {o.reason} · {localDateTime(o.at, i18n.language)}{' '}
            {canWrite && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={sw.isPending || reason.trim() === ''}
                onClick={() => send(o.scope, o.target, false)}
              >
                {t('opcomp_switch_on')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form className="operator__filters" noValidate onSubmit={(e) => (e.preventDefault(), send(scope, scope === 'all' ? '' : target.trim(), true))}>
          <label className="field">
            <span className="field__label">{t('opcomp_scope')}</span>
            <select className="input" value={scope} onChange={(e) => setScope(e.target.value as typeof scope)}>
              {(['game', 'vendor', 'all'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`opcomp_scope_${s}`)}
                </option>
              ))}
            </select>
          </label>
          {scope !== 'all' && (
            <label className="field">
              <span className="field__label">{t('opcomp_target')}</span>
              <input className="input" maxLength={64} value={target} onChange={(e) => setTarget(e.target.value)} />
            </label>
          )}
          <Reason id="operator.compliance.gamingReason" value={reason} onValue={setReason} />
          <button
            type="submit"
            className="btn btn--primary btn--small"
            disabled={sw.isPending || reason.trim() === '' || (scope !== 'all' && target.trim() === '')}
          >
            {t('opcomp_switch_off')}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The console's compliance panel (docs/0106): find a member by username and see its account state,
 * its own and the operator's limits and its protection history; set its state or an operator limit
 * with a reason; set a limit for every member; switch gaming off. The platform checks each permission.
 * Its texts are in the console's `operator` area (a separate area would cost the home's first load its
 * entry in area-texts.ts).
 */
export default function OperatorCompliance({ canWrite }: { canWrite: boolean }) {
  const ready = useAreaTexts('operator');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState<string | null>(null);
  const member = useQuery({ ...trpc.operator.complianceMember.queryOptions({ username: username ?? '' }, { staleTime: 0 }), enabled: username !== null });
  if (!ready) return <span className="spinner" />;
  return (
    <section className="operator__section" aria-labelledby="opcomp-title" data-testid="operator.compliance">
      <h2 id="opcomp-title">{t('opcomp_title')}</h2>
      <form
        className="operator__filters"
        role="search"
        aria-labelledby="opcomp-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) setUsername(typed.trim());
        }}
      >
        <label className="field" htmlFor="operator.compliance.username">
          <span className="field__label">{t('opcomp_username')}</span>
          <input
            id="operator.compliance.username"
            data-testid="operator.compliance.username"
            className="input"
            maxLength={64}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.compliance.find">
          {t('opcomp_find')}
        </button>
      </form>
      <QueryError error={member.error} testId="operator.compliance.findError" />
      {member.data && <MemberView key={member.data.memberId} member={member.data} canWrite={canWrite} />}
      <LimitForm memberId={null} canWrite={canWrite} />
      <GamingForm canWrite={canWrite} />
    </section>
  );
}
