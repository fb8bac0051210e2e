import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAgentLimits } from '@wl/schemas';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { useTRPC } from '../api/trpc.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { AwaitingApproval } from './parts.tsx';
import '../styles/operator.css';

const FIELDS = ['maxDepth', 'maxDirectAgents'] as const;
type TField = (typeof FIELDS)[number];

/** The typed text as a number (Bengali digits too); the server judges it (an integer within its bounds, else a named error). */
const asNumber = (raw: string): number => (raw.trim() === '' ? Number.NaN : Number(asciiDigits(raw.trim())));

const shownLimits = (limits: TAgentLimits): Record<TField, string> => ({ maxDepth: String(limits.maxDepth), maxDirectAgents: String(limits.maxDirectAgents) });

/**
 * The agent downline limits (docs/0064): how many levels below its top agent an agent-type
 * downline may be, and how many direct agent-type downlines one agent may have. Read with
 * security.read; changing them is the owner's (security.write, docs/0066), which the platform
 * checks: without it the fields are read-only here. A change waits for a second operator's approval
 * (docs/0127).
 */
export function OperatorAgentLimits({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const current = useQuery(trpc.operator.agentLimits.queryOptions(undefined, { staleTime: 0 }));
  const [draft, setDraft] = useState<Record<TField, string>>({ maxDepth: '', maxDirectAgents: '' });
  // The limits are sensitive (docs/0127): the answer is the limits in force and the draft the change waits in.
  const save = useMutation(
    trpc.operator.setAgentLimits.mutationOptions({
      onSuccess: ({ awaitingApproval: _draft, ...limits }) => {
        qc.setQueryData(trpc.operator.agentLimits.queryKey(), limits);
        setDraft(shownLimits(limits));
        void qc.invalidateQueries({ queryKey: trpc.operator.configDrafts.queryKey() });
      },
    }),
  );
  useEffect(() => {
    if (current.data) setDraft(shownLimits(current.data));
  }, [current.data]);
  // The fields the server named: its message key under each (the bounds' translated texts).
  const issues = new Map(inputIssuesOf(save.error).map((issue) => [issue.path, issue.message]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ maxDepth: asNumber(draft.maxDepth), maxDirectAgents: asNumber(draft.maxDirectAgents) });
  };

  return (
    <form className="operator__section form" data-testid="operator.agent-limits" onSubmit={submit} noValidate>
      <h2>{t('operator_agent_limits')}</h2>
      {canWrite && <p className="operator__role">{t('operator_change_second_needed')}</p>}
      {FIELDS.map((key) => (
        <label key={key} className="field">
          <span className="field__label">{t(`operator_agent_limits_${key}`)}</span>
          <input
            className="input"
            inputMode="numeric"
            data-testid={`operator.agent-limits.${key}`}
            value={draft[key]}
            maxLength={5}
            readOnly={!canWrite}
            aria-invalid={issues.has(key)}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
          {issues.has(key) && (
            <span className="field__error" role="alert" data-testid={`operator.agent-limits.error.${key}`}>
              {t(issues.get(key)!)}
            </span>
          )}
        </label>
      ))}
      <QueryError error={current.error ?? (issues.size === 0 ? save.error : null)} />
      {save.isSuccess && <AwaitingApproval testId="operator.agent-limits" draftId={save.data.awaitingApproval?.draftId ?? null} />}
      {canWrite ? (
        <button type="submit" className="btn btn--primary" data-testid="operator.agent-limits.save" disabled={save.isPending || !current.data}>
          {save.isPending ? <span className="spinner" /> : t('operator_security_save')}
        </button>
      ) : (
        <p className="operator__role" data-testid="operator.agent-limits.owner-only">
          {t('operator_agent_limits_owner_only')}
        </p>
      )}
    </form>
  );
}
