import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx';
import { useTranslation } from 'react-i18next';
import { useScreenConfigState } from '../config/screen-config-context.tsx';
import { Header } from '../layout/header.tsx';
import { SideMenu } from '../layout/side-menu.tsx';
import { FavouritesProvider } from '../session/favourites-context.tsx';
import { setMerchantCode } from '../session/session-storage.ts';
import { useNearViewport } from '../lib/use-near-viewport.ts';
import { useSettled } from '../lib/use-settled.ts';
import { AreaTexts, type TArea } from '../i18n/area-texts.ts';
import { useUi } from './ui-context.tsx';

/** Login, registration and forgot-password texts come with their popups (docs/0022). */
const ACCOUNTS_TEXTS = ['accounts'] as const satisfies TArea[];

const LoginModal = lazy(() => import('../modals/login-modal.tsx').then((m) => ({ default: m.LoginModal })));
const AnnouncementPopup = lazy(() => import('../modals/announcement-popup.tsx').then((m) => ({ default: m.AnnouncementPopup })));
const ForgotModal = lazy(() => import('../modals/forgot-modal.tsx').then((m) => ({ default: m.ForgotModal })));
const RegisterModal = lazy(() => import('../modals/register-modal.tsx').then((m) => ({ default: m.RegisterModal })));
const VendorPopup = lazy(() => import('../modals/vendor-popup.tsx'));
// The chat room's modal (SPEC §2 modals), opened from the side menu (docs/0121).
const ChatModal = lazy(() => import('../chat/chat-modal.tsx'));
// The info and confirm dialogs (and the modal they share with the popups) load when one is first asked for.
const Dialogs = lazy(() => import('../modals/dialogs.tsx').then((m) => ({ default: m.Dialogs })));
// The footer sits below the first screen: its own chunk, out of the first load (docs/0022's budget).
const Footer = lazy(() => import('../layout/footer.tsx').then((m) => ({ default: m.Footer })));
// Maintenance and blocked pages are rare: out of the first load (docs/0022's budget).
const MaintenancePage = lazy(() => import('../pages/status-pages.tsx').then((m) => ({ default: m.MaintenancePage })));
const BlockedPage = lazy(() => import('../pages/status-pages.tsx').then((m) => ({ default: m.BlockedPage })));

const SHARED_KEY_PATHS = new Set(['/', '/index', '/index.html', '/home', '/login', '/register']);

/** docs/rules/README.md#screens: main content is keyed by full path, except that the home-like paths share one key. */
export function contentKey(pathname: string, search: string): string {
  return SHARED_KEY_PATHS.has(pathname) ? 'home' : `${pathname}${search}`;
}

function DialogsWhenAsked() {
  const ui = useUi();
  if (ui.infoKey === null && ui.confirmState === null) return null;
  return (
    <Suspense fallback={null}>
      <Dialogs />
    </Suspense>
  );
}

function Popups() {
  const ui = useUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const leaveAuthRoute = useCallback(() => {
    if (pathname === '/login' || pathname === '/register') navigate('/', { replace: true });
  }, [pathname, navigate]);
  const close = () => {
    ui.closePopup();
    leaveAuthRoute();
  };
  // Registered or reset: signed in, on to home.
  const goHome = () => {
    ui.closePopup();
    navigate('/');
  };
  return (
    <Suspense fallback={null}>
      {ui.popup === 'login' && (
        <AreaTexts areas={ACCOUNTS_TEXTS}>
          <LoginModal onClose={close} onRegister={ui.openRegister} onForgot={ui.openForgot} onSuccess={close} />
        </AreaTexts>
      )}
      {ui.popup === 'register' && (
        <AreaTexts areas={ACCOUNTS_TEXTS}>
          <RegisterModal onClose={close} onLogin={ui.openLogin} onSuccess={goHome} />
        </AreaTexts>
      )}
      {ui.popup === 'forgot' && (
        <AreaTexts areas={ACCOUNTS_TEXTS}>
          <ForgotModal onClose={close} onLogin={ui.openLogin} onLoggedIn={goHome} />
        </AreaTexts>
      )}
      {(ui.popup === 'chat' || ui.popup === 'liveChat') && <ChatModal live={ui.popup === 'liveChat'} onClose={ui.closePopup} />}
      {ui.vendorPopup && <VendorPopup key={ui.vendorPopup.vassalage} vendor={ui.vendorPopup} onClose={ui.closeVendorPopup} />}
    </Suspense>
  );
}

/**
 * The footer (its chunk, its ~180 elements) renders when it comes within a screen of the viewport,
 * not in the first render of a page (docs/0063); on a short page that is at once.
 */
function FooterWhenNear() {
  const [ref, isNear] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="shell__footer">
      {isNear && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </div>
  );
}

/** Phones (the CSS breakpoint of the side-menu drawer, layout-phones.css): the menu is a drawer, closed after a choice. */
const isPhone = () => window.matchMedia?.('(max-width: 720px)').matches ?? false;

/** The app shell: header, side menu, content, footer, all from ScreenConfig; status pages replace it. */
export function AppShell() {
  const { t } = useTranslation();
  const { config, isError, retry } = useScreenConfigState();
  const { pathname, search } = useLocation();
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.('(max-width: 900px)').matches ?? false);
  const announcementsDue = useSettled() !== null;
  const closeDrawer = useCallback(() => {
    if (isPhone()) setCollapsed(true);
  }, []);

  // docs/rules/content.md#c-11: scroll resets to top when the route changes; on a phone the menu drawer closes then,
  // and when a choice opens a popup (the chat room, docs/0121).
  const { popup } = useUi();
  useEffect(() => {
    window.scrollTo(0, 0);
    closeDrawer();
  }, [pathname, closeDrawer]);
  useEffect(() => {
    if (popup) closeDrawer();
  }, [popup, closeDrawer]);
  useEffect(() => {
    if (collapsed) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeDrawer();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [collapsed, closeDrawer]);
  useEffect(() => {
    if (config?.merchant.code) setMerchantCode(config.merchant.code);
  }, [config?.merchant.code]);

  if (!config) {
    return (
      <div className="splash" data-testid="app.loading">
        {isError ? (
          <>
            <p>{t('error_network')}</p>
            <button type="button" className="btn btn--primary" onClick={retry}>
              {t('retry')}
            </button>
          </>
        ) : (
          <span className="spinner spinner--large" aria-label={t('loading')} />
        )}
      </div>
    );
  }
  if (config.system.status !== 0) {
    return (
      <Suspense fallback={<span className="spinner spinner--large" aria-label={t('loading')} />}>
        {config.system.status === 1 ? <MaintenancePage config={config} /> : <BlockedPage config={config} />}
      </Suspense>
    );
  }

  return (
    <FavouritesProvider>
      <div className={`shell${collapsed ? ' shell--collapsed' : ''}`}>
        <Header menuOpen={!collapsed} onMenu={() => setCollapsed((c) => !c)} />
        <div className="shell__body">
          <SideMenu collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
          {/* Phones: the side menu is a drawer over the page; a tap beside it closes it (CSS shows this only there). */}
          {!collapsed && <div className="side-menu__backdrop" aria-hidden="true" onClick={closeDrawer} />}
          <main className="shell__main" key={contentKey(pathname, search)}>
            {/* The page's one top heading for screen readers: the site's name (the logo shows it). */}
            <h1 className="sr-only">{config.merchant.name}</h1>
            <ChunkErrorBoundary>
              <Outlet />
            </ChunkErrorBoundary>
          </main>
        </div>
        <FooterWhenNear />
      </div>
      <ChunkErrorBoundary>
        <Popups />
      </ChunkErrorBoundary>
      <ChunkErrorBoundary>
        <DialogsWhenAsked />
      </ChunkErrorBoundary>
      {/* The popup (its chunk, xstate, the dialog's restyle of the whole page) opens once the page
          has gone quiet, not in the middle of the load's work (docs/0063). */}
      {announcementsDue && (
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <AnnouncementPopup />
          </Suspense>
        </ChunkErrorBoundary>
      )}
    </FavouritesProvider>
  );
}
