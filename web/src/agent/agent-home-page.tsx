import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AGENT_CLOCK_MS } from '@wl/schemas/constants';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { iconFor } from '../layout/icons.tsx';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { MenuEntryView } from '../layout/menu-entry.tsx';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { clockText, gmtOffset } from './agent-clock.ts';
import { useSettings } from '../app/settings-context.tsx';
import { localDigits } from '../lib/numbers-later.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { isBuiltAgentPage, type TBuiltAgentPage } from './agent-pages.ts';
import '../styles/agent.css';

// Each page is its own chunk: /agentHome itself loads only the frame.
const TeamOverviewPage = lazy(() => import('./team-overview-page.tsx').then((m) => ({ default: m.TeamOverviewPage })));
const DownlinePage = lazy(() => import('./downline-page.tsx').then((m) => ({ default: m.DownlinePage })));
// registerCenter and the team reports (docs/0051).
const RegisterCenterPage = lazy(() => import('./register-center-page.tsx').then((m) => ({ default: m.RegisterCenterPage })));
const TeamBetsPage = lazy(() => import('./team-bets-page.tsx').then((m) => ({ default: m.TeamBetsPage })));
const TeamProfitPage = lazy(() => import('./team-profit-page.tsx').then((m) => ({ default: m.TeamProfitPage })));
const TeamTransactionsPage = lazy(() => import('./team-transactions-page.tsx').then((m) => ({ default: m.TeamTransactionsPage })));

/** Register centre and team report pages (docs/0051), with the texts they add. */
const REPORT_PAGES = {
  registerCenter: RegisterCenterPage,
  personalHistoryCopy: TeamBetsPage,
  palStatementsAgentCopy: TeamProfitPage,
  agentDownlineTransactionDetailsCopy: TeamTransactionsPage,
} as const;
type TReportPage = keyof typeof REPORT_PAGES;

// docs/0112: the agent centre's announcements.
const AgentAnnouncementPage = lazy(() => import('./announcement-page.tsx').then((m) => ({ default: m.AgentAnnouncementPage })));

const isReportPage = (page: TBuiltAgentPage): page is TReportPage => page in REPORT_PAGES;

function ReportPageBody({ page, loading }: { page: TReportPage; loading: ReactNode }) {
  const ready = useAreaTexts('money', 'wallet', 'records', 'agent', 'accounts', 'agentReports');
  const Page = REPORT_PAGES[page];
  if (!ready) return loading;
  return (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  );
}

// Contracts and income (docs/0049).
const ContractPage = lazy(() => import('./contract-page.tsx').then((m) => ({ default: m.ContractPage })));
const IncomePage = lazy(() => import('./income-page.tsx').then((m) => ({ default: m.IncomePage })));
const CONTRACT_PAGES = {
  agentRealtimeSalary: 'realtime',
  agentHourSalary: 'hourly',
  agentDailyWages2: 'daily',
  agentDividendRecordCopy2: 'dividend',
} as const;

/** The page's texts: the agent area and the money and record texts its forms share. */
function AgentPageBody({ page }: { page: TBuiltAgentPage }) {
  const ready = useAreaTexts('money', 'wallet', 'records', 'agent');
  const loading = <div className="page-loading" aria-busy="true" data-testid="agent-home.page-loading" />;
  if (isReportPage(page)) return <ReportPageBody page={page} loading={loading} />;
  if (!ready) return loading;
  let body;
  if (page === 'agentAnnouncement') body = <AgentAnnouncementPage />;
  else if (page === 'agentTeamOverview') body = <TeamOverviewPage />;
  else if (page === 'downlineManagmentView') body = <DownlinePage />;
  else if (page === 'agentRevenueReport') body = <IncomePage />;
  else body = <ContractPage key={page} kind={CONTRACT_PAGES[page]} />;
  return <Suspense fallback={loading}>{body}</Suspense>;
}

/** The agent header clock, refreshed every second (docs/rules/agent.md#ag-4 AGENT_CLOCK_MS); Bengali digits in BN. */
function Clock() {
  const { language } = useSettings();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), AGENT_CLOCK_MS);
    return () => window.clearInterval(id);
  }, []);
  return (
    <>
      <span className="agent-home__gmt" data-testid="agent-home.gmt">
        {localDigits(gmtOffset(now), language)}
      </span>
      <time className="agent-home__clock" data-testid="agent-home.clock" dateTime={now.toISOString()}>
        {localDigits(clockText(now), language)}
      </time>
    </>
  );
}

/**
 * /agentHome and /agentHome/<page> (docs/rules/agent.md#ag-1 agent centre): header with GMT offset, live clock, the language switch,
 * nickname and logout (with confirmation, then /agent); navigation from ScreenConfig agentCentre,
 * unbuilt pages disabled; the page, or a welcome on /agentHome. Non-agents are sent to /agent.
 */
export default function AgentHomeRoute() {
  const { page } = useParams();
  if (page === undefined) return <AgentHomePage />;
  // An agent centre page not built (or no such page) is not found, as under the site shell.
  return isBuiltAgentPage(page) ? <AgentHomePage page={page} /> : <NotFoundPage />;
}

/** The agent centre on its welcome (no page) or on one of its built pages. */
function AgentHomePage({ page }: { page?: TBuiltAgentPage }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const session = useSession();
  const logout = useLogout();
  // Member info is still loading for a stored token: wait before deciding.
  if (session.token !== null && session.member === null) return <div className="page-loading" aria-busy="true" data-testid="agent-home.loading" />;
  if (session.audience !== 'agent') return <Navigate to="/agent" replace />;
  const member = session.member;
  return (
    <div className="agent-home" data-testid="agent-home.page">
      <header className="agent-home__head">
        <strong className="header__logo-text">{config.merchant.name}</strong>
        <span className="agent-home__title">{t('agent_centre')}</span>
        <Clock />
        <span className="agent-home__nickname" data-testid="agent-home.nickname" translate="no">
          {member?.nickname || member?.userName}
        </span>
        <LanguageSwitch />
        <button type="button" className="btn btn--ghost btn--small" data-testid="agent-home.logout" onClick={() => void logout()}>
          {t('logout')}
        </button>
      </header>
      <div className="agent-home__body">
        <nav className="agent-home__nav" aria-label={t('agent_centre')}>
          {config.agentCentre.map((entry) => (
            <MenuEntryView
              key={entry.key}
              entry={entry}
              className={`menu-link${entry.key === page ? ' is-active' : ''}`}
              testId={`agent-home.nav.${entry.key}`}
              icon={
                <span className="menu-link__icon" aria-hidden="true">
                  {iconFor(entry.icon)}
                </span>
              }
            />
          ))}
        </nav>
        {page ? (
          <main className="agent-home__main" data-page={page}>
            <AgentPageBody page={page} />
          </main>
        ) : (
          <main className="agent-home__main">
            <section className="page-card" data-testid="agent-home.welcome">
              <h1>
                {t('agent_welcome_to')} <span translate="no">{member?.nickname || member?.userName}</span>
              </h1>
              <p className="dialog__text">{t('agent_welcome_text')}</p>
            </section>
          </main>
        )}
      </div>
    </div>
  );
}
