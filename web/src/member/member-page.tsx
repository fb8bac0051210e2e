import { lazy, Suspense, useEffect, type LazyExoticComponent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useTRPC } from '../api/trpc.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { AREA_TEXTS, AreaTexts, type TArea } from '../i18n/area-texts.ts';
import { readLanguage } from '../i18n/i18n.ts';
import { Icon } from '../layout/icons.tsx';
import { MenuEntryView, MenuIcon } from '../layout/menu-entry.tsx';
import { getToken } from '../session/session-storage.ts';
import { depositChannelsQuery, recentDepositsQuery } from './deposit-queries.ts';
import { useMemberGuard } from './member-guard.ts';
import type { TRecordKind } from './records-page.tsx';

/** The record each records page shows. */
const RECORD_PAGES: Readonly<Record<string, TRecordKind>> = {
  transactionHistory: 'account',
  personalHistoryCopy: 'bets',
  personalProfit: 'profit',
};

// Money pages are lazy chunks with their own texts (docs/rules/money.md; first-load budget, docs/0022).
const loadRecordsPage = () => import('./records-page.tsx');
const RecordsPage = lazy(loadRecordsPage);
/** The member pages that are one lazy page each, by their name in the URL: how each loads. */
const PAGE_LOADERS: ReadonlyMap<string, () => Promise<{ default: () => ReactNode }>> = new Map([
  ['securityCenter', () => import('./security-centre.tsx')],
  ['depositv2', () => import('./deposit-page.tsx')],
  ['withdraw', () => import('./withdraw-page.tsx')],
  // Every deposit order, paged; the deposit page shows only the latest.
  ['depositRecord', () => import('./deposit-record-page.tsx')],
  ['transferFund', () => import('./transfer-fund-page.tsx')],
  ['transferUpline', () => import('./transfer-upline-page.tsx')],
  // Platform messages (docs/rules/content.md#c-10 messageV2).
  ['messageV2', () => import('./messages-page.tsx')],
  // VIP levels and the member's rebate (docs/0091).
  ['vip', () => import('./vip-page.tsx')],
  ['manualRebate', () => import('./rebate-page.tsx')],
  // The member's bonuses and their wagering, above the bonus record (docs/0095).
  ['bonusDetails', () => import('./bonus-page.tsx')],
  // The member's promotions with their states (docs/0096).
  ['rewardCenter', () => import('./promotions-centre-page.tsx')],
  // Member referral (docs/0097).
  ['referral', () => import('./referral-page.tsx')],
  // The member's own limits and protection history (docs/0102).
  ['responsibleGaming', () => import('./protection-page.tsx')],
  // Feedback and complaints, with the support team's replies (docs/0111).
  ['feedback', () => import('./feedback-page.tsx')],
  // The announcement list (docs/0112).
  ['announcements', () => import('./announcements-page.tsx')],
  // The member's profile, avatar and saved language (docs/0115); its texts are the accounts area's.
  ['profile', () => import('./profile-page.tsx')],
  // The points mall at /pointMall and its sub-pages (docs/0113).
  ['pointMall', () => import('./point-mall-page.tsx')],
  // The chat room (docs/0117).
  ['chatRoom', () => import('../chat/chat-page.tsx')],
  // Missions and leaderboards (docs/0119).
  ['missionLeaderboard', () => import('./missions-page.tsx')],
]);
const LAZY_PAGES: ReadonlyMap<string, LazyExoticComponent<() => ReactNode>> = new Map([...PAGE_LOADERS].map(([page, load]) => [page, lazy(load)]));
const busy = <div className="page-loading" aria-busy="true" />;
/** The texts each page waits for (its `useAreaTexts`), asked for beside the member centre's (docs/0086). */
const PAGE_TEXTS: Readonly<Record<string, TArea[]>> = {
  depositv2: ['money', 'deposit'],
  withdraw: ['money', 'withdraw'],
  depositRecord: ['money', 'deposit', 'records'],
  transferFund: ['money', 'wallet'],
  transferUpline: ['money', 'wallet'],
  messageV2: ['records'],
  chatRoom: ['records'],
  vip: ['money'],
  manualRebate: ['money'],
  bonusDetails: ['money', 'records'],
  // deposit: protection_excluded, the refusal of a closed account's code (docs/0118).
  rewardCenter: ['promotions', 'money', 'deposit'],
  referral: ['money', 'promotions'],
  responsibleGaming: ['money', 'deposit'],
  feedback: ['site', 'promotions'],
  announcements: ['records'],
  pointMall: ['money', 'withdraw'],
  // deposit: protection_excluded, a closed account's refused claim (docs/0119).
  missionLeaderboard: ['promotions', 'money', 'deposit'],
};
const RECORD_TEXTS: TArea[] = ['money', 'records'];

/** The texts the member centre waits for on a page: its own (accounts) and the page's. */
function textsOf(page: string): TArea[] {
  return ['accounts', ...(PAGE_TEXTS[page] ?? (page in RECORD_PAGES ? RECORD_TEXTS : []))];
}

/** The points mall's path (SPEC §2 `/pointMall`) and its sub-pages: the member centre on the mall (docs/0114). */
const POINT_MALL = /^\/pointMall(\/|$)/;

/** The member page a URL names: `/member/<page>`, `/member?page=<page>` or `/pointMall/…`, security centre by default. */
export function memberPageOf(pathPage: string | undefined, queryPage: string | null, pathname = ''): string {
  return pathPage ?? (POINT_MALL.test(pathname) ? 'pointMall' : (queryPage ?? 'securityCenter'));
}

/**
 * A signed-in load of a member page: the page the address names starts loading with this chunk,
 * not after the member centre's first render (which waits for the accounts texts), one round trip
 * less before it shows (docs/0086). Later moves between pages load theirs as they render.
 */
function loadAddressedPage(): void {
  const [, area, pathPage] = window.location.pathname.split('/');
  if ((area !== 'member' && area !== 'pointMall') || getToken() === null) return;
  const page = memberPageOf(
    area === 'member' ? pathPage || undefined : undefined,
    new URLSearchParams(window.location.search).get('page'),
    window.location.pathname,
  );
  void (PAGE_LOADERS.get(page) ?? (page in RECORD_PAGES ? loadRecordsPage : undefined))?.();
  // Its texts too, beside the chunk rather than at the member centre's first render (docs/0092).
  const language = readLanguage();
  for (const area of textsOf(page)) void AREA_TEXTS[area][language]();
}
loadAddressedPage();

/**
 * The member centre with the accounts area's texts (password and code forms), which it waits for.
 * It loads them itself, not the route: this chunk and the page the address names then load beside
 * them, not after them (docs/0086).
 */
export default function MemberPage(props: { page?: string }) {
  const [search] = useSearchParams();
  const page = memberPageOf(props.page, search.get('page'), useLocation().pathname);
  const trpc = useTRPC();
  const qc = useQueryClient();
  // The deposit page's data is asked for beside its chunk and texts, not at its first render: its
  // heading, the page's largest paint, then shows without a round trip after the texts (docs/0092).
  useEffect(() => {
    if (page !== 'depositv2' || getToken() === null) return;
    void qc.prefetchQuery(depositChannelsQuery(trpc));
    void qc.prefetchQuery(recentDepositsQuery(trpc));
    // The member's deposit limits and the first-deposit prompt (docs/0102) show with the form, not after it.
    void qc.prefetchQuery(trpc.protection.limits.queryOptions(undefined, { staleTime: 10_000 }));
  }, [page, qc, trpc]);
  // The page's own texts come with the accounts texts, so it renders whole at its first render.
  return (
    <AreaTexts areas={textsOf(page)} fallback={busy}>
      <MemberCentre page={page} />
    </AreaTexts>
  );
}

/**
 * Member centre shell (docs/rules/content.md#c-3 /member): navigation from ScreenConfig memberCentre (unbuilt pages
 * disabled), the page chosen by the URL. Visitors get the login popup; trial accounts the
 * in_need_true_account dialog (guardMemberAction) and no member content.
 */
function MemberCentre({ page }: { page: string }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const decision = useMemberGuard();
  const LazyPage = LAZY_PAGES.get(page);
  const recordKind = RECORD_PAGES[page];
  const lazyPage = LazyPage ? <LazyPage /> : recordKind ? <RecordsPage key={page} kind={recordKind} /> : null;

  if (decision === null) return <div className="page-loading" aria-busy="true" data-testid="member.loading" />;
  if (decision.kind !== 'allowed') {
    return (
      <section className="page-card" data-testid="member.blocked">
        <p className="dialog__text">{t(decision.kind === 'login' ? 'error_not_logged_in' : decision.messageKey)}</p>
      </section>
    );
  }
  return (
    <div className="member-centre" data-testid="member.page" data-page={page}>
      <nav className="member-centre__nav" aria-label={t('member_centre')}>
        {config.memberCentre.map((entry) => (
          <MenuEntryView
            key={entry.key}
            entry={entry}
            testId={`member.nav.${entry.key}`}
            className={`menu-link${entry.key === page ? ' is-active' : ''}`}
            icon={<MenuIcon name={entry.icon} />}
          />
        ))}
      </nav>
      <div className="member-centre__main">
        {/* docs/0122: what the owner stopped, live from the config (its texts: the accounts area the centre loads). */}
        {config.system.stopped?.map((part) => (
          <p key={part} className="page-card member-centre__notice" role="status" data-testid={`member.emergency.${part}`}>
            <Icon name="maintenance" /> {t(`emergency_notice_${part}`)}
          </p>
        ))}
        {lazyPage ? (
          <Suspense fallback={busy}>{lazyPage}</Suspense>
        ) : (
          <section className="page-card" data-testid="member.unbuilt">
            <p className="dialog__text">{t('coming_soon')}</p>
          </section>
        )}
      </div>
    </div>
  );
}
