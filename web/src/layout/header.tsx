import { lazy, Suspense, useState, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { THeaderEntry, TMenuEntry, TScreenConfig, TVendorLink } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useVendors } from '../config/vendors.ts';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { isModifiedClick, useVendorEntry } from '../launch/use-launch.ts';
import { useSession } from '../session/session-context.tsx';
import { Icon } from './icons.tsx';
import { isGamePage } from './menu-actions.ts';

/** The signed-in member's part of the header: its own chunk, out of a visitor's first load (docs/0022's budget). */
const MemberTools = lazy(() => import('./member-header.tsx'));

/** Finds the deposit or withdraw entry the config offers (member centre first, then side menu). */
export function findEntry(config: TScreenConfig, keys: readonly string[]): TMenuEntry | undefined {
  const all = [...config.memberCentre, ...config.sideMenu.sections.flatMap((s) => s.entries)];
  return all.find((e) => keys.includes(e.key));
}

function unavailable(key: string): TMenuEntry {
  return { key, labelKey: key, icon: key, target: { type: 'route', path: '/member' }, isAvailable: false };
}

function headerLabel(entry: THeaderEntry, t: (k: string) => string): string {
  return entry.kind === 'category' ? entry.label : t(entry.labelKey);
}

/** A header entry whose page is not built yet: shown disabled, never linked (house rule). */
function DisabledEntry({ testId, children }: { testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span className="hnav__link is-disabled" role="link" aria-disabled="true" data-testid={testId} title={t('coming_soon')}>
      {children}
    </span>
  );
}

/**
 * Category entry with its vendor drop-down on hover/focus (docs/rules/content.md#c-2; layout from the config).
 * Choosing a vendor, or a category of one vendor, follows the docs/rules/games.md#g-2 vendor rules (a VASSALAGE
 * vendor opens its popup game list, a GAME vendor starts its game, a lottery vendor its route);
 * the links keep their paths for a new tab or window.
 */
function CategoryEntry({ entry }: { entry: Extract<THeaderEntry, { kind: 'category' }> }) {
  const [open, setOpen] = useState(false);
  const choose = useVendorEntry();
  const vendors = useVendors().links(entry.vendorCodes, entry.gameType);
  const category = { gameType: entry.gameType, vendors };
  const onlyVendor = vendors.length === 1 && entry.gameType !== 'RNG';
  const follow = (e: ReactMouseEvent<HTMLAnchorElement>, vendor?: TVendorLink) => {
    if (isModifiedClick(e)) return;
    e.preventDefault();
    setOpen(false);
    void choose(category, vendor);
  };
  return (
    <div
      className="hnav__item"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      {entry.isAvailable ? (
        <NavLink
          to={entry.path}
          className="hnav__link"
          data-testid={`header.entry.${entry.key}`}
          aria-haspopup={vendors.length > 0 ? 'true' : undefined}
          aria-expanded={vendors.length > 0 ? open : undefined}
          onClick={onlyVendor ? (e) => follow(e) : undefined}
        >
          {entry.label}
        </NavLink>
      ) : (
        <DisabledEntry testId={`header.entry.${entry.key}`}>{entry.label}</DisabledEntry>
      )}
      {open && vendors.length > 0 && (
        <div className={`dropdown dropdown--${entry.dropdownLayout}`} data-testid={`header.dropdown.${entry.key}`}>
          {vendors.map((v) => (
            <Link key={v.vassalage} to={v.path} className="dropdown__vendor" data-testid={`header.vendor.${v.vassalage}`} onClick={(e) => follow(e, v)}>
              {v.logoUrl ? <img src={v.logoUrl} alt="" width={28} height={28} loading="lazy" /> : null}
              <span>{v.name}</span>
            </Link>
          ))}
        </div>
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
      <nav className="hnav" aria-label={t('main_navigation')}>
        {config.header.entries.map((e) =>
          e.kind === 'category' ? (
            <CategoryEntry key={e.key} entry={e} />
          ) : (
            <div className="hnav__item" key={e.key}>
              {e.isAvailable ? (
                <NavLink to={e.path} end className="hnav__link" data-testid={`header.entry.${e.key}`}>
                  {headerLabel(e, t)}
                </NavLink>
              ) : (
                <DisabledEntry testId={`header.entry.${e.key}`}>{headerLabel(e, t)}</DisabledEntry>
              )}
            </div>
          ),
        )}
      </nav>
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
