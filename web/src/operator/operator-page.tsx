import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOperatorPermission } from '@wl/schemas';
import { flagPermission } from '@wl/schemas/domain/operator-flags';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useScreenConfigState } from '../config/screen-config-context.tsx';
import { AreaTexts } from '../i18n/area-texts.ts';
import { Icon } from '../layout/icons.tsx';
import { getOperatorToken, setOperatorToken } from '../session/session-storage.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { OperatorAgentLimits } from './agent-limits.tsx';
import { OperatorAudit } from './audit.tsx';
import { OperatorFlags } from './flags.tsx';
import { OperatorLogin } from './login.tsx';
import { OperatorOutbox } from './outbox.tsx';
import { Switch } from './parts.tsx';
import { OperatorSecurity } from './security.tsx';
import { OperatorTotp } from './totp.tsx';

// Money panels are chunks of their own with their area texts: withdrawals; deposits, adjustments and money settings.
const OperatorWithdrawals = lazy(() => import('./withdrawals.tsx'));
const OperatorMoneyPanels = lazy(() => import('./money-panels.tsx'));
// Category and game switches, a chunk of their own with their texts (docs/0037).
const OperatorGames = lazy(() => import('./games.tsx'));
// Its own chunk too: only roles with money.read load it (docs/0043).
const OperatorRounds = lazy(() => import('./rounds.tsx'));
// docs/0097: held bonuses of linked accounts.
const OperatorBonusReviews = lazy(() => import('./bonus-reviews.tsx'));
// docs/0118: bonus and cash codes.
const OperatorRewardCodes = lazy(() => import('./reward-codes.tsx'));
// docs/0119: missions and leaderboards (content writes them, finance prices them).
const OperatorMissions = lazy(() => import('./missions.tsx'));
// docs/0126: reward ticket rules and raffles (content writes them, finance prices them).
const OperatorTicketRules = lazy(() => import('./ticket-rules.tsx'));
// Promotions, applications and VIP settings, a chunk of their own with their texts (docs/0098).
const OperatorPromotionPanels = lazy(() => import('./promotion-panels.tsx'));
// docs/0106: member lookup, account states, operator limits and gaming switch-offs.
const OperatorCompliance = lazy(() => import('./compliance.tsx'));
// docs/0111: members' feedback, read, answered and closed by support.
const OperatorFeedback = lazy(() => import('./feedback.tsx'));
// docs/0112: broadcasts and members' messages, sent now or scheduled.
const OperatorMessages = lazy(() => import('./messages.tsx'));
// docs/0109: the help centre's texts, edited with a preview by the content permission.
const OperatorHelpTexts = lazy(() => import('./help-texts.tsx'));
// docs/0113: the points mall's rates, goods and orders.
const OperatorPoints = lazy(() => import('./points.tsx'));
const OperatorChat = lazy(() => import('./chat-moderation.tsx'));
// docs/0122: the owner's emergency switch and support's member lookup.
const OperatorEmergency = lazy(() => import('./emergency.tsx'));
// docs/0123: configuration drafts, approvals, versions and restore.
const OperatorConfigChanges = lazy(() => import('./config-changes.tsx'));

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

/** The config call's answer, and what this operator may do (the platform answers it, docs/0066). */
type TConsole = { can: (p: TOperatorPermission) => boolean; username: string; currency: string };

/** Every panel this operator's role may use; panels the platform would refuse are not shown. */
function ConsolePanels({ c }: { c: TConsole }) {
  const { can } = c;
  return (
    <>
      {(can('emergency.write') || can('member.lookup')) && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorEmergency canSwitch={can('emergency.write')} canLookup={can('member.lookup')} />
        </Suspense>
      )}
      {can('security.read') && <OperatorSecurity />}
      {can('security.read') && <OperatorAgentLimits canWrite={can('security.write')} />}
      {can('outbox.read') && <OperatorOutbox />}
      {can('feedback.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorFeedback canWrite={can('feedback.write')} />
        </Suspense>
      )}
      {can('config.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorConfigChanges username={c.username} />
        </Suspense>
      )}
      {can('audit.read') && <OperatorAudit />}
      {can('compliance.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorCompliance canWrite={can('compliance.write')} />
        </Suspense>
      )}
      {can('chat.moderate') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorChat />
        </Suspense>
      )}
      {can('money.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorMoneyPanels canWrite={can('money.write')} canControl={can('money.controls')} operatorUsername={c.username} />
          <OperatorWithdrawals canWrite={can('money.write')} currency={c.currency} />
          <OperatorBonusReviews canWrite={can('money.write')} />
          <OperatorRewardCodes canWrite={can('money.write')} />
        </Suspense>
      )}
      {can('config.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorTicketRules canContent={can('content.write')} canMoney={can('money.write')} />
        </Suspense>
      )}
      <Suspense fallback={<span className="spinner" />}>
        <OperatorGames canWrite={can('whitelabel.write')} canWriteLottery={can('money.write')} />
      </Suspense>
      {can('config.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorMissions canContent={can('content.write')} canMoney={can('money.write')} />
        </Suspense>
      )}
      {can('money.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorRounds currency={c.currency} />
        </Suspense>
      )}
      <Suspense fallback={<span className="spinner" />}>
        <OperatorPromotionPanels
          can={{ configRead: can('config.read'), contentWrite: can('whitelabel.write'), moneyRead: can('money.read'), moneyWrite: can('money.write') }}
          currency={c.currency}
        />
      </Suspense>
      {can('config.read') && (
        <Suspense fallback={<span className="spinner" />}>
          <OperatorMessages canWrite={can('whitelabel.write')} />
          <OperatorHelpTexts canWrite={can('content.write')} />
          <OperatorPoints can={{ moneyWrite: can('money.write'), contentWrite: can('whitelabel.write') }} />
        </Suspense>
      )}
    </>
  );
}

/** The system switches (system.write): the key the console config reads and the call sets, its test id and label. */
const SYSTEM_SWITCHES = [
  ['maintenance', 'operator.maintenance', 'operator_maintenance'],
  ['regionRestriction', 'operator.region', 'operator_region'],
] as const;

/** The signed-in console: who, the system switches, the panels, the authenticator and the flags (docs/0010, docs/0066). */
function OperatorConsole({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  // The console is outside the site shell's loading gate: its chunk can be there before the site's
  // config (right after a configuration change the gateway recomposes it), so it does not wait for it.
  const screen = useScreenConfigState().config;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const cfg = useQuery(trpc.operator.config.queryOptions(undefined, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.config.queryKey() });
  const refreshAll = () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() });
  // A money or login flag's switch stays as it is: the change waits in a draft for a second operator (docs/0127).
  const setFlag = useMutation(trpc.operator.setFlag.mutationOptions({ onSettled: refreshAll }));
  const setSystem = useMutation(trpc.operator.setSystem.mutationOptions({ onSettled: refreshAll }));
  const logoutCall = useMutation(trpc.operator.logout.mutationOptions());
  const busy = setFlag.isPending || setSystem.isPending;
  const sessionEnded = cfg.error !== null && errorKey(cfg.error) === 'error_not_logged_in';
  const can = (p: TOperatorPermission) => cfg.data?.operator.permissions.includes(p) === true;
  // An expired operator token returns to the login form.
  useEffect(() => {
    if (sessionEnded) {
      setOperatorToken(null);
      onLogout();
    }
  }, [sessionEnded, onLogout]);
  const d = cfg.data;
  return (
    <div className="operator__card">
      <div className="operator__head">
        <h1>{t('operator_title')}</h1>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="operator.logout"
          disabled={logoutCall.isPending}
          onClick={() =>
            void logOperatorOut(
              () => logoutCall.mutateAsync(),
              () => {
                setOperatorToken(null);
                onLogout();
              },
            )
          }
        >
          {t('logout')}
        </button>
      </div>
      {d && (
        <p className="operator__role" data-testid="operator.role">
          <span translate="no">{d.operator.name}</span> · {t('operator_role')}: {t(`operator_role_${d.operator.role}`)}
        </p>
      )}
      <QueryError error={cfg.error ?? setFlag.error ?? setSystem.error} />
      {d && (
        <>
          {can('system.write') && (
            <>
              <h2>{t('operator_system')}</h2>
              {SYSTEM_SWITCHES.map(([key, testId, label]) => (
                <Switch
                  key={key}
                  testId={testId}
                  label={t(label)}
                  checked={d[key]}
                  disabled={busy}
                  depth={0}
                  onChange={(v) => setSystem.mutate({ [key]: v })}
                />
              ))}
            </>
          )}
          <ConsolePanels c={{ can, username: d.operator.username, currency: screen?.merchant.currencySymbol ?? '' }} />
          <OperatorTotp enabled={d.operator.totpEnabled} onEnabled={refresh} />
          <OperatorFlags
            nodes={d.whitelabel}
            awaitingDraft={setFlag.data?.awaitingApproval?.draftId ?? null}
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

/**
 * The operator console (docs/0010, docs/0066, docs/0070): whitelabel flags and system switches,
 * login security, the message outbox, roles, audit log, authenticator, money, games and rounds;
 * its own token and session key.
 */
export function OperatorPage() {
  const { t } = useTranslation();
  const [loggedIn, setLoggedIn] = useState(() => getOperatorToken() !== null);
  const logout = useCallback(() => setLoggedIn(false), []);
  return (
    <main className="operator">
      <Link to="/" className="link-btn link-btn--icon">
        <Icon name="back" size={16} /> {t('back_home')}
      </Link>
      <AreaTexts areas={['operator']} fallback={<span className="spinner" />}>
        {loggedIn ? <OperatorConsole onLogout={logout} /> : <OperatorLogin onDone={() => setLoggedIn(true)} />}
      </AreaTexts>
    </main>
  );
}
