import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOperatorPermission, TWhitelabelNode } from '@wl/schemas';
import { flagPermission } from '@wl/schemas/domain/operator-flags';
import { captchaRequired, errorKey, useTRPC } from '../api/trpc.ts';
import { Icon } from '../layout/icons.tsx';
import { getOperatorToken, setOperatorToken } from '../session/session-storage.ts';
import { CaptchaInput, Field, FormError, SubmitButton } from '../accounts/form-parts.tsx';
import { OperatorAudit, OperatorOutbox, OperatorSecurity, OperatorTotp } from './operator-panels.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';

// Money panels are their own chunk with their area texts (issue 8).
const OperatorWithdrawals = lazy(() => import('./operator-withdrawals.tsx'));

// Issue 8: deposits, adjustments and money settings, a chunk of their own with the money texts.
const OperatorMoneyPanels = lazy(() => import('./operator-money-panels.tsx'));

// Issue 9 item 8: category and game switches, a chunk of their own with their texts (docs/0037).
const OperatorGames = lazy(() => import('./operator-games.tsx'));
// Its own chunk too: only roles with money.read load it (docs/0043).
const OperatorRounds = lazy(() => import('./operator-rounds.tsx'));

/** Flattens the whitelabel tree into labelled rows, children indented under their parent. */
export function flattenFlags(nodes: readonly TWhitelabelNode[], depth = 0): { node: TWhitelabelNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flattenFlags(n.childrenNodes, depth + 1)]);
}

function Switch({ testId, label, detail, code, checked, disabled, onChange, depth = 0 }: { testId: string; label: string; detail?: string; code?: string; checked: boolean; disabled?: boolean; onChange: (v: boolean) => void; depth?: number }) {
  return (
    <label className="switch-row" style={{ paddingInlineStart: `${depth * 20 + 12}px` }}>
      <span className="switch-row__label">
        {label}
        {code && (
          <>
            {' '}
            <code className="switch-row__code" translate="no">{code}</code>
          </>
        )}
        {detail && <span className="switch-row__detail">{detail}</span>}
      </span>
      <input type="checkbox" role="switch" className="switch" data-testid={testId} checked={checked} disabled={disabled} aria-checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </label>
  );
}

/**
 * The whitelabel flags by name, each with a line on what it does (issue 11), its code beside for
 * support; a code the texts do not know yet shows the platform's name for it.
 */
function OperatorFlags({ nodes, disabled, onChange }: { nodes: readonly TWhitelabelNode[]; disabled: (modId: string) => boolean; onChange: (modId: string, enabled: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const ready = useAreaTexts('operatorFlags');
  return (
    <>
      <h2>{t('operator_flags')}</h2>
      {ready && <p className="operator__role">{t('operator_flags_roles_hint')}</p>}
      {!ready && <span className="spinner" />}
      {ready &&
        flattenFlags(nodes).map(({ node, depth }) => {
          const known = i18n.exists(`flag_${node.modId}`);
          return (
            <Switch
              key={`${node.modId}-${depth}`}
              testId={`operator.flag.${node.modId}`}
              label={known ? t(`flag_${node.modId}`) : node.name || node.modId}
              detail={known ? t(`flag_${node.modId}_help`) : undefined}
              code={node.modId}
              checked={node.enabled === '1'}
              disabled={disabled(node.modId)}
              depth={depth}
              onChange={(v) => onChange(node.modId, v)}
            />
          );
        })}
    </>
  );
}

function OperatorLogin({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [needsTotp, setNeedsTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Issue 6: after failures the platform asks for a captcha; an operator with an authenticator for a code.
  const captchaQuery = useQuery(trpc.session.captcha.queryOptions(undefined, { enabled: needsCaptcha, staleTime: 0, gcTime: 0 }));
  const login = useMutation(
    trpc.operator.login.mutationOptions({
      onSuccess: (r) => {
        setOperatorToken(r.token);
        setPassword('');
        onDone();
      },
      onError: (e) => {
        const key = errorKey(e);
        setError(key);
        setCaptcha('');
        if (key === 'error_operator_totp_required' || key === 'error_operator_totp_wrong') setNeedsTotp(true);
        if (captchaRequired(e)) {
          if (needsCaptcha) void captchaQuery.refetch();
          setNeedsCaptcha(true);
        }
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password.trim() || (needsCaptcha && !captcha.trim()) || (needsTotp && !totpCode.trim())) {
      setError('not_empty');
      return;
    }
    setError(null);
    const captchaId = captchaQuery.data?.captchaId;
    login.mutate({
      username: username.trim(),
      password: password.trim(),
      ...(needsCaptcha && captchaId ? { captchaId, captcha: captcha.trim() } : {}),
      ...(needsTotp ? { totpCode: totpCode.trim() } : {}),
    });
  };
  return (
    <form className="form operator__card" onSubmit={submit} noValidate>
      <h1>{t('operator_title')}</h1>
      <Field label={t('username')}>
        <input className="input" data-testid="operator.username" autoComplete="username" value={username} maxLength={200} onChange={(e) => setUsername(e.target.value)} />
      </Field>
      <Field label={t('password')}>
        <input className="input" type="password" data-testid="operator.password" autoComplete="current-password" value={password} maxLength={128} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {needsTotp && (
        <Field label={t('operator_totp_code')}>
          <input className="input" inputMode="numeric" data-testid="operator.totp-code" autoComplete="one-time-code" value={totpCode} maxLength={6} onChange={(e) => setTotpCode(e.target.value)} />
        </Field>
      )}
      {needsCaptcha && (
        <Field label={t('captcha')}>
          <CaptchaInput testId="operator.captcha" value={captcha} onChange={setCaptcha} image={captchaQuery.data?.image} onRefresh={() => void captchaQuery.refetch()} />
        </Field>
      )}
      <FormError testId="operator.error" message={error} />
      <SubmitButton testId="operator.submit" pending={login.isPending}>
        {t('login')}
      </SubmitButton>
    </form>
  );
}

/**
 * Logs the operator out: the session ends on the server first (docs/0070), so a copy of the token
 * stops working at once; the browser forgets the token whatever the server answered.
 */
export async function logOperatorOut(endOnServer: () => Promise<unknown>, forget: () => void): Promise<void> {
  try {
    await endOnServer();
  } catch {
    // Already ended, or the server is unreachable: the token is forgotten all the same.
  } finally {
    forget();
  }
}

function OperatorConsole({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const cfg = useQuery(trpc.operator.config.queryOptions(undefined, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.config.queryKey() });
  const refreshAll = () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
  const setFlag = useMutation(trpc.operator.setFlag.mutationOptions({ onSettled: refreshAll }));
  const setSystem = useMutation(trpc.operator.setSystem.mutationOptions({ onSettled: refreshAll }));
  const logoutCall = useMutation(trpc.operator.logout.mutationOptions());
  const busy = setFlag.isPending || setSystem.isPending;
  const error = cfg.error ?? setFlag.error ?? setSystem.error;
  const sessionEnded = cfg.error !== null && errorKey(cfg.error) === 'error_not_logged_in';
  // The platform answers what this operator may do; panels it would refuse are not shown (issue 6).
  const can = (p: TOperatorPermission) => cfg.data?.operator.permissions.includes(p) === true;
  // An expired operator token returns to the login form.
  useEffect(() => {
    if (sessionEnded) {
      setOperatorToken(null);
      onLogout();
    }
  }, [sessionEnded, onLogout]);
  return (
    <div className="operator__card">
      <div className="operator__head">
        <h1>{t('operator_title')}</h1>
        <button type="button" className="btn btn--ghost btn--small" data-testid="operator.logout" disabled={logoutCall.isPending}
          onClick={() => void logOperatorOut(() => logoutCall.mutateAsync(), () => { setOperatorToken(null); onLogout(); })}>
          {t('logout')}
        </button>
      </div>
      {cfg.data && (
        <p className="operator__role" data-testid="operator.role">
          <span translate="no">{cfg.data.operator.name}</span> · {t('operator_role')}: {t(`operator_role_${cfg.data.operator.role}`)}
        </p>
      )}
      {error && <p className="form__error" role="alert">{t(errorKey(error))}</p>}
      {cfg.data && (
        <>
          {can('system.write') && (
            <>
              <h2>{t('operator_system')}</h2>
              <Switch testId="operator.maintenance" label={t('operator_maintenance')} checked={cfg.data.maintenance} disabled={busy} onChange={(v) => setSystem.mutate({ maintenance: v })} />
              <Switch testId="operator.region" label={t('operator_region')} checked={cfg.data.regionRestriction} disabled={busy} onChange={(v) => setSystem.mutate({ regionRestriction: v })} />
            </>
          )}
          {can('security.read') && <OperatorSecurity />}
          {can('outbox.read') && <OperatorOutbox />}
          {can('audit.read') && <OperatorAudit />}
          {can('money.read') && (
            <Suspense fallback={<span className="spinner" />}>
              <OperatorMoneyPanels canWrite={can('money.write')} canControl={can('money.controls')} operatorUsername={cfg.data.operator.username} />
              <OperatorWithdrawals canWrite={can('money.write')} currency={config.merchant.currencySymbol} />
            </Suspense>
          )}
          <Suspense fallback={<span className="spinner" />}>
            <OperatorGames canWrite={can('whitelabel.write')} canWriteLottery={can('money.write')} />
          </Suspense>
          {can('money.read') && (
            <Suspense fallback={<span className="spinner" />}>
              <OperatorRounds currency={config.merchant.currencySymbol} />
            </Suspense>
          )}
          <OperatorTotp enabled={cfg.data.operator.totpEnabled} onEnabled={refresh} />
          <OperatorFlags
            nodes={cfg.data.whitelabel}
            // A flag that pays needs money.write, a login flag security.write (docs/0066); the platform checks the same.
            disabled={(modId) => busy || !can(flagPermission(modId))}
            onChange={(modId, enabled) => setFlag.mutate({ modId, enabled })}
          />
        </>
      )}
      {cfg.isLoading && <span className="spinner" />}
    </div>
  );
}

/** Operator console: whitelabel flags and system switches (issue 2), login security and the message outbox (issue 3), roles, audit log and authenticator (issue 6); own token, own session key. */
export function OperatorPage() {
  const { t } = useTranslation();
  const [loggedIn, setLoggedIn] = useState(() => getOperatorToken() !== null);
  const logout = useCallback(() => setLoggedIn(false), []);
  return (
    <main className="operator">
      <Link to="/" className="link-btn link-btn--icon">
        <Icon name="back" size={16} /> {t('back_home')}
      </Link>
      {loggedIn ? <OperatorConsole onLogout={logout} /> : <OperatorLogin onDone={() => setLoggedIn(true)} />}
    </main>
  );
}
