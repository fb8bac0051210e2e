import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../lib/numbers-later.ts';
import { Link } from 'react-router';
import { QR_MARGIN, QR_SIZE } from '@wl/schemas/constants';
import { buildRegistrationSchema, firstFieldErrors, type TFieldError } from '@wl/schemas/rules/validate-field';
import { DOWNLINE_ROLES, type TDownlineRole } from '@wl/schemas/domain/agent-team';
import type { TInvitation } from '@wl/schemas/wps/agent-team-calls';
import { Field, FieldMessage, FormError, SubmitButton } from '../accounts/form-parts.tsx';
import { upstreamOf, type TUpstreamFieldError } from '../api/flow-errors.ts';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { RecordPager } from '../layout/record-pager.tsx';
import '../styles/money.css';
import '../styles/agent-reports.css';

const LINKS_PAGE_SIZE = 10;
const ACCOUNT_FIELDS = new Set(['username', 'password', 'confirmPassword']);

/** The registration link of a code: the site's own /register, which fills the invitation code in. */
export const invitationLink = (code: string) => `${window.location.origin}/register?code=${encodeURIComponent(code)}`;

/** Copies a text and says so (or says to copy by hand when the browser refuses). */
function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" data-testid={testId} onClick={() => void copy()}>
        {state === 'copied' ? t('rc_copied') : label}
      </button>
      {state === 'failed' && (
        <span className="money__hint" role="status">
          {t('rc_copy_failed')}
        </span>
      )}
    </>
  );
}

/** The link's QR code (SPEC §9: size 120, margin 5); qrcode loads only when one is shown. */
function InvitationQr({ link, testId }: { link: string; testId: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QR) =>
      QR.toDataURL(link, { width: QR_SIZE, margin: QR_MARGIN }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [link]);
  return src ? <img className="agent-invite__qr" src={src} width={QR_SIZE} height={QR_SIZE} alt={t('rc_qr_alt')} data-testid={testId} /> : <span className="agent-invite__qr" aria-busy="true" />;
}

/** Registering a downline directly: the merchant's username and password rules, checked here and on the platform alike (SPEC §5). */
function DirectRegister() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const config = useScreenConfig();
  const [values, setValues] = useState({ username: '', password: '', confirmPassword: '' });
  const [role, setRole] = useState<TDownlineRole>('member');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<Record<string, TUpstreamFieldError>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      buildRegistrationSchema(
        config.forms.register.fields.filter((f) => ACCOUNT_FIELDS.has(f.field)),
        'username',
        { smsVerification: false },
      ),
    [config],
  );
  const result = schema.safeParse({ ...values, termsAccepted: true, ageConfirmed: true });
  const errors: Record<string, TFieldError> = result.success ? {} : firstFieldErrors(result.error);
  const errorOf = (field: keyof typeof values) => server[field] ?? (touched.has(field) ? errors[field] : undefined);
  const register = useMutation(
    trpc.agent.registerDownline.mutationOptions({
      onSuccess: (r) => {
        setDone(r.username);
        setValues({ username: '', password: '', confirmPassword: '' });
        setTouched(new Set());
        void qc.invalidateQueries({ queryKey: trpc.agent.downlines.queryKey() });
      },
      onError: (err) => {
        const fieldErrors = upstreamOf(err).fieldErrors ?? {};
        setServer(fieldErrors);
        setFailure(Object.keys(fieldErrors).length > 0 ? null : errorKey(err));
      },
    }),
  );
  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((s) => new Set(s).add(field));
    setServer((s) => {
      const next = { ...s };
      delete next[field];
      return next;
    });
    setDone(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(new Set(ACCOUNT_FIELDS));
    setFailure(null);
    if (!result.success || register.isPending) return;
    register.mutate({ ...values, role });
  };
  const input = (field: keyof typeof values, label: string, type: string, autoComplete: string) => (
    <Field label={t(label)}>
      <input
        className="input"
        type={type}
        data-testid={`agent-register.${field}`}
        autoComplete={autoComplete}
        maxLength={200}
        value={values[field]}
        aria-invalid={errorOf(field) ? true : undefined}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => setTouched((s) => new Set(s).add(field))}
      />
      <FieldMessage testId={`agent-register.${field}-error`} error={errorOf(field)} />
    </Field>
  );
  return (
    <section className="card" data-testid="agent-register.direct">
      <h2 className="agent-content__subtitle">{t('rc_direct_title')}</h2>
      <p className="money__hint">{t('rc_direct_intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        {input('username', 'rc_username', 'text', 'off')}
        {input('password', 'rc_password', 'password', 'new-password')}
        {input('confirmPassword', 'rc_confirm_password', 'password', 'new-password')}
        <Field label={t('rc_role')}>
          <select className="input" data-testid="agent-register.role" value={role} onChange={(e) => setRole(e.target.value as TDownlineRole)}>
            {DOWNLINE_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`rc_role_${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <FormError testId="agent-register.error" message={failure} />
        <SubmitButton testId="agent-register.submit" pending={register.isPending}>
          {t('rc_register_submit')}
        </SubmitButton>
        {done && (
          <p className="money__hint" role="status" data-testid="agent-register.done">
            {t('rc_registered', { username: done })} <Link to="/agentHome/downlineManagmentView">{t('rc_see_team')}</Link>
          </p>
        )}
      </form>
    </section>
  );
}

/** One invitation code in link management: code, type, registrations, status, and its actions. */
function InvitationRow({ inv, onChanged }: { inv: TInvitation; onChanged: (note: string) => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [qr, setQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const link = invitationLink(inv.code);
  const fail = (err: unknown) => setFailure(errorKey(err));
  const update = useMutation(trpc.agent.updateInvitation.mutationOptions({ onSuccess: () => onChanged(''), onError: fail }));
  const remove = useMutation(trpc.agent.deleteInvitation.mutationOptions({ onSuccess: () => onChanged(t('rc_deleted', { code: inv.code })), onError: fail }));
  return (
    <li className="money__row agent-report__row" data-testid="agent-invite.row" data-code={inv.code} data-enabled={inv.enabled}>
      <span className="agent-report__who">
        <strong translate="no">{inv.code}</strong>{' '}
        <span className="money__hint">
          {t(`rc_role_${inv.role}`)} · {t(inv.enabled ? 'rc_enabled' : 'rc_disabled')} · <span data-testid="agent-invite.registrations">{t('rc_registrations', { count: inv.registrations })}</span>
        </span>
      </span>
      <span className="money__hint">{t('rc_created_at', { time: localDateTime(inv.createdAt, i18n.language) })}</span>
      <span className="agent-invite__actions">
        <button type="button" className="btn btn--ghost btn--small" data-testid="agent-invite.qr-toggle" aria-expanded={qr} onClick={() => setQr((q) => !q)}>
          {t(qr ? 'rc_hide_qr' : 'rc_show_qr')}
        </button>
        <CopyButton text={link} label={t('rc_copy_link')} testId="agent-invite.copy-link" />
        <button type="button" className="btn btn--ghost btn--small" data-testid="agent-invite.toggle" disabled={update.isPending} onClick={() => update.mutate({ id: inv.id, enabled: !inv.enabled })}>
          {t(inv.enabled ? 'rc_disable' : 'rc_enable')}
        </button>
        {confirming ? (
          <>
            <button type="button" className="btn btn--primary btn--small" data-testid="agent-invite.delete-confirm" disabled={remove.isPending} onClick={() => remove.mutate({ id: inv.id })}>
              {t('rc_delete_confirm')}
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(false)}>
              {t('rc_cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--ghost btn--small" data-testid="agent-invite.delete" onClick={() => setConfirming(true)}>
            {t('rc_delete')}
          </button>
        )}
      </span>
      {qr && (
        <span className="agent-invite__actions">
          <InvitationQr link={link} testId="agent-invite.row-qr" />
          <p className="agent-invite__link">{link}</p>
        </span>
      )}
      <FormError testId="agent-invite.row-error" message={failure} />
    </li>
  );
}

/** Invitation links: make a code (member or agent), see its link, QR and copy buttons; manage every code, paged. */
function Invitations() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [role, setRole] = useState<TDownlineRole>('member');
  const [latest, setLatest] = useState<TInvitation | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [note, setNote] = useState<string | null>(null);
  const list = useQuery(trpc.agent.invitations.queryOptions({ pageNo, pageSize: LINKS_PAGE_SIZE }, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.agent.invitations.queryKey() });
  const create = useMutation(
    trpc.agent.createInvitation.mutationOptions({
      onSuccess: (inv) => {
        setLatest(inv);
        setNote(null);
        setPageNo(1);
        refresh();
      },
    }),
  );
  const data = list.data;
  const link = latest ? invitationLink(latest.code) : '';
  return (
    <>
      <section className="card" data-testid="agent-invite.create">
        <h2 className="agent-content__subtitle">{t('rc_invite_title')}</h2>
        <p className="money__hint">{t('rc_invite_intro')}</p>
        <form
          className="money__grid"
          onSubmit={(e) => {
            e.preventDefault();
            if (!create.isPending) create.mutate({ role });
          }}
        >
          <Field label={t('rc_role')}>
            <select className="input" data-testid="agent-invite.role" value={role} onChange={(e) => setRole(e.target.value as TDownlineRole)}>
              {DOWNLINE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`rc_role_${r}`)}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="btn btn--primary" data-testid="agent-invite.submit" disabled={create.isPending} aria-busy={create.isPending}>
            {t('rc_create_submit')}
          </button>
        </form>
        <FormError testId="agent-invite.error" message={create.error ? errorKey(create.error) : null} />
        {latest && (
          <div className="form" data-testid="agent-invite.latest" data-code={latest.code}>
            <p className="money__hint" role="status">
              {t('rc_created', { code: latest.code })}
            </p>
            <InvitationQr link={link} testId="agent-invite.qr" />
            <p className="agent-invite__link" data-testid="agent-invite.link" translate="no">
              {link}
            </p>
            <div className="agent-invite__actions">
              <CopyButton text={latest.code} label={t('rc_copy_code')} testId="agent-invite.copy-code" />
              <CopyButton text={link} label={t('rc_copy_link')} testId="agent-invite.copy-latest-link" />
            </div>
          </div>
        )}
      </section>
      <section className="card" aria-busy={list.isFetching} data-testid="agent-invite.links">
        <h2 className="agent-content__subtitle">{t('rc_links_title')}</h2>
        {list.error && <FormError testId="agent-invite.list-error" message={errorKey(list.error)} />}
        {note && (
          <p className="money__hint" role="status" data-testid="agent-invite.note">
            {note}
          </p>
        )}
        {data && data.total === 0 && <p className="no-data">{t('rc_links_none')}</p>}
        <ul className="money__list" data-testid="agent-invite.rows">
          {data?.rows.map((inv) => (
            <InvitationRow
              key={inv.id}
              inv={inv}
              onChanged={(n) => {
                setNote(n || null);
                if (latest?.id === inv.id) setLatest(null);
                refresh();
              }}
            />
          ))}
        </ul>
        <RecordPager pageNo={pageNo} total={data?.total} pageSize={LINKS_PAGE_SIZE} onPage={setPageNo} testId="agent-invite" />
      </section>
    </>
  );
}

/**
 * registerCenter (SPEC §2, issue 10 item 2): register a downline directly, and invitation links and
 * codes with QR codes and link management (docs/0051).
 */
export function RegisterCenterPage() {
  const { t } = useTranslation();
  return (
    <div className="agent-content money" data-testid="agent-register.page">
      <h1 className="agent-content__title">{t('rc_title')}</h1>
      <DirectRegister />
      <Invitations />
    </div>
  );
}
