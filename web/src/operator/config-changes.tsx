import { useState } from 'react';
import { CONFIG_PREVIEW_PARAM } from '../config/config-preview.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TConfigDraft, TConfigMap, TConfigValue, TConfigVersion } from '@wl/schemas/wps/config-change-calls';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { BANNER_GROUPS } from '@wl/schemas/constants';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

type TLang = Parameters<typeof localDateTime>[1];

/**
 * A typed value for a field whose current value is `like`: a switch stays a switch, a text a text
 * (not blank), a number is read (Bengali digits too); null when unreadable.
 */
export function parseValue(like: TConfigValue | undefined, raw: string): TConfigValue | null {
  if (typeof like === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : null;
  if (typeof like === 'string') return raw.trim() === '' ? null : raw;
  const text = asciiDigits(raw.trim());
  return /^-?\d{1,7}$/.test(text) ? Number(text) : null;
}

/** Fields whose value is one of a fixed set: the console offers the set in a list (docs/0133, docs/0136, docs/0139). */
const CHOICES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^content\.banner\.\d+\.linkageType$/, ['INTERNAL', 'EXTERNAL', 'NONE']],
  [/^content\.popup\.\d+\.execution$/, ['A', 'B', 'F']],
  [/^system\.languages$/, ['bn,en', 'en,bn', 'bn', 'en']],
  [/^content\.banner\.\d+\.group$/, BANNER_GROUPS],
];
export const choicesOf = (field: string): readonly string[] | null => CHOICES.find(([pattern]) => pattern.test(field))?.[1] ?? null;

/** A value as the console shows it: switches in words, a text quoted (a long one cut at 80 characters). */
function shown(t: (k: string) => string, v: TConfigValue | null): string {
  if (v === null) return '—';
  if (typeof v === 'string') return `“${v.length > 80 ? `${v.slice(0, 80)}…` : v}”`;
  return typeof v === 'boolean' ? t(v ? 'opcfg_on' : 'opcfg_off') : String(v);
}

/** A datetime-local value an hour from now, in the browser's time. */
const inAnHour = () => new Date(Date.now() + 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Configuration change sets and versions (docs/0123): drafts of setting changes that members see
 * only once published, a second operator's approval of sensitive ones, a schedule, the versions with
 * their diffs and a restore. The platform checks every field's permission and every rule again.
 */
export default function OperatorConfigChanges({ username }: { username: string }) {
  const ready = useAreaTexts('operator', 'operatorAudit');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const drafts = useQuery(trpc.operator.configDrafts.queryOptions(undefined, { staleTime: 0 }));
  const versions = useQuery(trpc.operator.configVersions.queryOptions({ limit: 10 }, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
  const handlers = {
    onError: (err: unknown) => {
      setNotice(null);
      setError(refusalKey(err));
    },
    onSettled: refresh,
  };
  const create = useMutation(trpc.operator.configDraftCreate.mutationOptions({ ...handlers, onSuccess: () => setError(null) }));
  const restore = useMutation(
    trpc.operator.configRestore.mutationOptions({
      ...handlers,
      onSuccess: (d) => {
        setError(null);
        setNotice(d.versionNumber !== null ? t('opcfg_published', { number: d.versionNumber }) : t('opcfg_restore_waiting'));
      },
    }),
  );
  const [restoreComment, setRestoreComment] = useState<Record<number, string>>({});
  if (!ready) return <span className="spinner" aria-busy="true" />;
  const open = drafts.data?.drafts ?? [];
  const lang = i18n.language as TLang;
  return (
    <section className="operator__section" data-testid="operator.config-changes">
      <SectionHead title={t('opcfg_title')} testId="operator.config-changes" refreshText={t('opcfg_refresh')} onRefresh={refresh} />
      {error && (
        <p className="field__error" role="alert" data-testid="operator.config-changes.error">
          {t(error)}
        </p>
      )}
      {notice && (
        <p className="form__success" role="status" data-testid="operator.config-changes.notice">
          {notice}
        </p>
      )}
      <h3>{t('opcfg_drafts')}</h3>
      <button type="button" className="btn btn--small" data-testid="operator.config-changes.new" disabled={create.isPending} onClick={() => create.mutate()}>
        {t('opcfg_new_draft')}
      </button>
      {open.length === 0 && <p>{t('opcfg_no_drafts')}</p>}
      {open.map((d) => (
        <DraftCard
          key={d.id}
          draft={d}
          mine={d.authorUsername === username}
          lang={lang}
          onError={(k) => {
            setNotice(null);
            setError(k);
          }}
          onDone={(msg) => {
            setError(null);
            setNotice(msg);
            refresh();
          }}
        />
      ))}
      <h3>{t('opcfg_versions')}</h3>
      <ol className="opcfg__list" data-testid="operator.config-changes.versions">
        {(versions.data?.versions ?? []).map((v) => (
          <li key={v.number} className="operator__message" data-testid={`operator.config-changes.version.${v.number}`}>
            <VersionLine v={v} lang={lang} />
            <form
              className="operator__filters"
              onSubmit={(e) => {
                e.preventDefault();
                restore.mutate({ version: v.number, comment: restoreComment[v.number] ?? '' });
              }}
            >
              <label className="field">
                <span className="field__label">{t('opcfg_restore_comment', { number: v.number })}</span>
                <input
                  className="input"
                  maxLength={500}
                  data-testid={`operator.config-changes.restore-comment.${v.number}`}
                  value={restoreComment[v.number] ?? ''}
                  onChange={(e) => setRestoreComment((c) => ({ ...c, [v.number]: e.target.value }))}
                />
              </label>
              <button
                type="submit"
                className="btn btn--ghost btn--small"
                data-testid={`operator.config-changes.restore.${v.number}`}
                disabled={restore.isPending}
              >
                {t('opcfg_restore', { number: v.number })}
              </button>
            </form>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One version: number, time, author, comment (a direct change's audit action in words), approver and field diff. */
function VersionLine({ v, lang }: { v: TConfigVersion; lang: TLang }) {
  const { t } = useTranslation();
  const comment =
    v.kind === 'initial' ? t('opcfg_version_initial') : v.kind === 'direct' ? t(`operator_audit_action_${v.comment.replaceAll('.', '_')}`) : v.comment;
  return (
    <>
      <p>
        <strong>{t('opcfg_version', { number: v.number, at: localDateTime(v.at, lang), author: v.authorUsername ?? '—' })}</strong>
        {v.approvedByUsername && <> · {t('opcfg_version_approved', { name: v.approvedByUsername })}</>}
        {v.restoredFrom !== null && <> · {t('opcfg_version_restored', { number: v.restoredFrom })}</>}
      </p>
      <p>{comment}</p>
      {v.diff.length > 0 && (
        <ul>
          {v.diff.map((d) => (
            <li key={d.field}>
              <code>{d.field}</code>: {shown(t, d.from)} → {shown(t, d.to)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** An open draft: its changes; the author edits, publishes, schedules or discards it; another operator approves it. */
function DraftCard({
  draft,
  mine,
  lang,
  onError,
  onDone,
}: {
  draft: TConfigDraft;
  mine: boolean;
  lang: TLang;
  onError: (key: string) => void;
  onDone: (notice: string | null) => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const preview = useQuery(trpc.operator.configPreview.queryOptions({ id: draft.id }, { enabled: mine, staleTime: 0 }));
  const fields: TConfigMap = preview.data?.config ?? {};
  const [field, setField] = useState('');
  const [raw, setRaw] = useState('');
  const [comment, setComment] = useState('');
  const [at, setAt] = useState(inAnHour);
  const fail = { onError: (err: unknown) => onError(refusalKey(err)) };
  const edit = useMutation(trpc.operator.configDraftEdit.mutationOptions({ ...fail, onSuccess: () => onDone(null) }));
  const approve = useMutation(trpc.operator.configDraftApprove.mutationOptions({ ...fail, onSuccess: () => onDone(null) }));
  const publish = useMutation(
    trpc.operator.configDraftPublish.mutationOptions({ ...fail, onSuccess: (v) => onDone(t('opcfg_published', { number: v.number })) }),
  );
  const schedule = useMutation(trpc.operator.configDraftSchedule.mutationOptions({ ...fail, onSuccess: () => onDone(null) }));
  const discard = useMutation(trpc.operator.configDraftDiscard.mutationOptions({ ...fail, onSuccess: () => onDone(null) }));
  const tid = `operator.config-changes.draft.${draft.id}`;
  const add = () => {
    const value = parseValue(fields[field], raw);
    if (!field || value === null) return onError('config_change_bad_value');
    edit.mutate({ id: draft.id, set: { [field]: value }, unset: [] });
  };
  const like = fields[field];
  return (
    <article className="operator__message opcfg__card" data-testid={tid}>
      <p>
        <strong>{t('opcfg_draft_by', { id: draft.id, author: draft.authorUsername, revision: draft.revision })}</strong>
      </p>
      <ul>
        {Object.entries(draft.changes).map(([f, v]) => (
          <li key={f}>
            <code>{f}</code>: {shown(t, v)}{' '}
            {mine && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={t('opcfg_remove', { field: f })}
                onClick={() => edit.mutate({ id: draft.id, set: {}, unset: [f] })}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {draft.sensitive.length > 0 && <p>{t('opcfg_sensitive', { fields: draft.sensitive.join(', ') })}</p>}
      {draft.approvedBy.length > 0 && <p data-testid={`${tid}.approved`}>{t('opcfg_approved_by', { names: draft.approvedBy.join(', ') })}</p>}
      {draft.publishAt && <p>{t('opcfg_scheduled', { at: localDateTime(draft.publishAt, lang) })}</p>}
      {draft.blocked && <p role="alert">{t('opcfg_blocked', { fields: draft.blocked.join(', ') })}</p>}
      {!mine && (
        <button
          type="button"
          className="btn btn--small"
          data-testid={`${tid}.approve`}
          disabled={approve.isPending}
          onClick={() => approve.mutate({ id: draft.id, revision: draft.revision })}
        >
          {t('opcfg_approve')}
        </button>
      )}
      {mine && (
        <>
          <div className="operator__filters">
            <label className="field">
              <span className="field__label">{t('opcfg_field')}</span>
              <select
                className="input"
                data-testid={`${tid}.field`}
                value={field}
                onChange={(e) => {
                  setField(e.target.value);
                  // A text starts as it is now, to be edited rather than typed again (docs/0133).
                  const now = fields[e.target.value];
                  setRaw(typeof now === 'string' ? now : '');
                }}
              >
                <option value="" />
                {Object.keys(fields).map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">{t('opcfg_value')}</span>
              {typeof like === 'boolean' ? (
                <select className="input" data-testid={`${tid}.value`} value={raw} onChange={(e) => setRaw(e.target.value)}>
                  <option value="" />
                  <option value="true">{t('opcfg_on')}</option>
                  <option value="false">{t('opcfg_off')}</option>
                </select>
              ) : choicesOf(field) ? (
                <select className="input" data-testid={`${tid}.value`} value={raw} onChange={(e) => setRaw(e.target.value)}>
                  <option value="" />
                  {choicesOf(field)!.map((c) => (
                    <option key={c} value={c}>
                      {t(`opcfg_choice_${c.replace(',', '_')}`)}
                    </option>
                  ))}
                </select>
              ) : typeof like === 'string' ? (
                <textarea className="input" rows={3} maxLength={1000} data-testid={`${tid}.value`} value={raw} onChange={(e) => setRaw(e.target.value)} />
              ) : (
                <input className="input" inputMode="numeric" maxLength={8} data-testid={`${tid}.value`} value={raw} onChange={(e) => setRaw(e.target.value)} />
              )}
            </label>
            <button type="button" className="btn btn--small" data-testid={`${tid}.add`} disabled={edit.isPending} onClick={add}>
              {t('opcfg_add')}
            </button>
          </div>
          <label className="field">
            <span className="field__label">{t('opcfg_comment')}</span>
            <input className="input" maxLength={500} data-testid={`${tid}.comment`} value={comment} onChange={(e) => setComment(e.target.value)} />
          </label>
          <div className="operator__filters">
            <a className="btn btn--ghost btn--small" data-testid={`${tid}.preview`} href={`/?${CONFIG_PREVIEW_PARAM}=${draft.id}`}>
              {t('opcfg_preview_open')}
            </a>
            <button
              type="button"
              className="btn btn--small"
              data-testid={`${tid}.publish`}
              disabled={publish.isPending}
              onClick={() => publish.mutate({ id: draft.id, comment })}
            >
              {t('opcfg_publish')}
            </button>
            <label className="field">
              <span className="field__label">{t('opcfg_schedule_at')}</span>
              <input className="input" type="datetime-local" data-testid={`${tid}.at`} value={at} onChange={(e) => setAt(e.target.value)} />
            </label>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid={`${tid}.schedule`}
              disabled={schedule.isPending}
              onClick={() => {
                const when = new Date(at);
                if (Number.isNaN(when.getTime())) return onError('config_change_past_schedule');
                schedule.mutate({ id: draft.id, comment, at: when.toISOString() });
              }}
            >
              {t('opcfg_schedule')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid={`${tid}.discard`}
              disabled={discard.isPending}
              onClick={() => discard.mutate({ id: draft.id })}
            >
              {t('opcfg_discard')}
            </button>
          </div>
        </>
      )}
    </article>
  );
}
