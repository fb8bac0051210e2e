import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { THeaderEntry, TMenuEntry, TScreenConfig } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { useSession } from '../session/session-context.tsx';
import { DisabledEntry, useCategoryChoice, VendorLink } from './header-parts.tsx';
import { Icon } from './icons.tsx';
import { isGamePage } from './menu-actions.ts';

/** The signed-in member's part of the header: its own chunk, out of a visitor's first load (docs/0022's budget). */
const MemberTools = lazy(() => import('./member-header.tsx'));
/** The entries past the row's width, under "more": a chunk of its own, loaded when a row overflows. */
const MoreEntries = lazy(() => import('./header-more.tsx'));
/** What counts the entries that fit the row: a chunk loaded after the first paint. */
const RowFit = lazy(() => import('./header-fit.tsx'));

/** Finds the deposit or withdraw entry the config offers (member centre first, then side menu). */
export function findEntry(config: TScreenConfig, keys: readonly string[]): TMenuEntry | undefined {
  const all = [...config.memberCentre, ...config.sideMenu.sections.flatMap((s) => s.entries)];
  return all.find((e) => keys.includes(e.key));
}

function unavailable(key: string): TMenuEntry {
  return { key, labelKey: key, icon: key, target: { type: 'route', path: '/member' }, isAvailable: false };
}

function headerLabel(entry: THeaderEntry, t: (k: string) => string): string {
  // The composer writes every label in the config's language (docs/0121); the key is a fallback.
  return entry.kind === 'category' ? entry.label : (entry.label ?? t(entry.labelKey));
}

/**
 * A row entry's frame. One that does not fit (`overflow`, docs/0103) stays in the row hidden and inert,
 * without its test id: it is under "more", which carries the id.
 */
function itemProps(overflow: boolean) {
  return { className: overflow ? 'hnav__item is-overflow' : 'hnav__item', inert: overflow || undefined };
}

/** Category entry with its vendor drop-down on hover/focus (docs/rules/content.md#c-2; layout from the config). */
function CategoryEntry({ entry, overflow }: { entry: Extract<THeaderEntry, { kind: 'category' }>; overflow: boolean }) {
  const [open, setOpen] = useState(false);
  const { vendors, onlyVendor, follow } = useCategoryChoice(entry, () => setOpen(false));
  const testId = overflow ? undefined : `header.entry.${entry.key}`;
  return (
    <div
      {...itemProps(overflow)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      {entry.isAvailable ? (
        <NavLink
          to={entry.path}
          className="hnav__link"
          data-testid={testId}
          aria-haspopup={vendors.length > 0 ? 'true' : undefined}
          aria-expanded={vendors.length > 0 ? open : undefined}
          onClick={onlyVendor ? (e) => follow(e) : undefined}
        >
          {entry.label}
        </NavLink>
      ) : (
        <DisabledEntry testId={testId}>{entry.label}</DisabledEntry>
      )}
      {open && vendors.length > 0 && (
        <div className={`dropdown dropdown--${entry.dropdownLayout}`} data-testid={`header.dropdown.${entry.key}`}>
          {vendors.map((v) => (
            <VendorLink key={v.vassalage} vendor={v} follow={follow} />
          ))}
        </div>
      )}
    </div>
  );
}

/** One header entry: a category with its vendors, or a page. */
function HeaderEntry({ entry, overflow }: { entry: THeaderEntry; overflow: boolean }) {
  const { t } = useTranslation();
  if (entry.kind === 'category') return <CategoryEntry entry={entry} overflow={overflow} />;
  const testId = overflow ? undefined : `header.entry.${entry.key}`;
  return (
    <div {...itemProps(overflow)}>
      {entry.isAvailable ? (
        <NavLink to={entry.path} end className="hnav__link" data-testid={testId}>
          {headerLabel(entry, t)}
        </NavLink>
      ) : (
        <DisabledEntry testId={testId}>{headerLabel(entry, t)}</DisabledEntry>
      )}
    </div>
  );
}

/**
 * Free play (FREEPLAY3): a new trial account (type 4) that can browse; launches and member actions
 * then show in_need_true_account (docs/rules/accounts.md#a-25).
 */
function FreePlayButton() {
  const { t } = useTranslation();
  const client = useTRPCClient();
  const session = useSession();
  const ui = useUi();
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    try {
      const outcome = await client.session.freePlay.mutate();
      if (outcome.kind === 'session') session.signIn(outcome.token, outcome.member);
    } catch (err) {
      ui.showInfo(errorKey(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      data-testid="header.freeplay"
      disabled={pending}
      aria-busy={pending}
      onClick={() => void start()}
    >
      {t('free_play')}
    </button>
  );
}

/**
 * Site header rendered from ScreenConfig only (docs/rules/content.md#c-2 Header). `onMenu` adds the phones' menu button,
 * which opens the side menu as a drawer (shown under 720 px).
 */
export function Header({ menuOpen = false, onMenu }: { menuOpen?: boolean; onMenu?: () => void } = {}) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const settings = useSettings();
  const ui = useUi();
  const session = useSession();
  const { pathname } = useLocation();
  // Deposit and withdraw follow the config entry; without one they show disabled, never linked.
  const deposit = findEntry(config, ['depositv2', 'deposit']) ?? unavailable('deposit');
  const withdraw = findEntry(config, ['withdraw']) ?? unavailable('withdraw');
  // Entries past the header's width go under "more" instead of past its edge.
  const nav = useRef<HTMLElement>(null);
  const entries = config.header.entries;
  const [counted, setCounted] = useState<number | null>(null);
  const fit = counted ?? entries.length;
  return (
    <header className={`header${session.isLoggedIn ? ' header--member' : ' header--visitor'}`} data-testid="header">
      {onMenu && (
        <button
          type="button"
          className="icon-btn header__menu"
          data-testid="header.menu"
          aria-label={t('side_menu')}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={onMenu}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
      )}
      <Link to="/" className="header__logo" aria-label={config.merchant.name}>
        <span className="header__logo-mark" aria-hidden="true">
          <Icon name="spade" size={20} />
        </span>
        <span className="header__logo-text">{config.merchant.name}</span>
      </Link>
      <div className="hnav-room">
        <nav className="hnav" ref={nav} aria-label={t('main_navigation')} data-fitted={counted === null ? undefined : 'true'}>
          {entries.map((e, i) => (
            <HeaderEntry key={e.key} entry={e} overflow={i >= fit} />
          ))}
        </nav>
        {fit < entries.length && (
          <Suspense fallback={null}>
            <MoreEntries entries={entries.slice(fit)} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <RowFit row={nav} onFit={setCounted} />
        </Suspense>
      </div>
      <div className="header__tools">
        <LanguageSwitch />
        <button
          type="button"
          className="icon-btn header__theme"
          data-testid="theme.toggle"
          aria-label={t(settings.theme === 'dark' ? 'theme_light' : 'theme_dark')}
          onClick={settings.toggleTheme}
        >
          {settings.theme === 'dark' ? <Icon name="sun" /> : <Icon name="moon" />}
        </button>
        {session.isLoggedIn ? (
          <Suspense fallback={null}>
            <MemberTools onGamePage={isGamePage(pathname)} deposit={deposit} withdraw={withdraw} />
          </Suspense>
        ) : (
          <>
            <div className="header__auth">
              {config.flags.FREEPLAY3 === true && <FreePlayButton />}
              <button type="button" className="btn btn--ghost btn--small" data-testid="header.login" onClick={ui.openLogin}>
                {t('login')}
              </button>
              <button type="button" className="btn btn--primary btn--small" data-testid="header.register" onClick={ui.openRegister}>
                {t('register')}
              </button>
            </div>
          </>
        )}
      </div>
    </header>
  );
}
