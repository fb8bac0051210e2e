import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { THeaderEntry, TMenuEntry, TScreenConfig, TVendorLink } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useVendors } from '../config/vendors.ts';
import { formatMinor, MASKED_BALANCE } from '../lib/money.ts';
import { errorKey, useTRPCClient } from '../api/trpc.ts';
import { isModifiedClick, useVendorEntry } from '../launch/use-launch.ts';
import { useSession } from '../session/session-context.tsx';
import { Icon, iconFor } from './icons.tsx';
import { isGamePage } from './menu-actions.ts';
import { MenuEntryView } from './menu-entry.tsx';

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
 * Category entry with its vendor drop-down on hover/focus (SPEC §2; layout from the config).
 * Choosing a vendor, or a category of one vendor, follows the SPEC §4 vendor rules (a VASSALAGE
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
    <div className="hnav__item" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)} onFocus={() => setOpen(true)} onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
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

/** Member info panel (SPEC §2 Header): account, balance with show/hide and refresh, VIP, badge. */
function MemberPanel({ onGamePage }: { onGamePage: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [shown, setShown] = useState(true);
  const member = session.member;
  if (!member) return null;
  const badge = member.availablePromoCount + member.unreadMessage;
  return (
    <div className="member-panel" data-testid="header.member">
      <span className="member-panel__account">{member.nickname || member.userName}</span>
      {!onGamePage && (
        <span className="member-panel__balance">
          <span data-testid="header.balance" className="balance" aria-live="polite">
            {session.balance === null ? '…' : shown ? formatMinor(session.balance.balance, session.balance.currencySymbol) : MASKED_BALANCE}
          </span>
          <button type="button" className="icon-btn" data-testid="header.balance-toggle" aria-pressed={!shown} aria-label={t(shown ? 'balance_hide' : 'balance_show')} onClick={() => setShown((s) => !s)}>
            {shown ? <Icon name="eye" size={16} /> : <Icon name="eyeOff" size={16} />}
          </button>
          <button
            type="button"
            className={`icon-btn${session.isBalanceFetching ? ' is-spinning' : ''}`}
            data-testid="header.balance-refresh"
            aria-label={t('balance_refresh')}
            onClick={session.refreshBalance}
          >
            <Icon name="refresh" size={16} />
          </button>
        </span>
      )}
      {member.hasVip && (
        <span className="vip" data-testid="header.vip" title={t('vip_rank', { rank: member.vipRankLevel })}>
          <Icon name="crown" size={14} /> {member.vipLabelName} · {t('vip_rank', { rank: member.vipRankLevel })}
        </span>
      )}
      {badge > 0 && (
        <span className="badge" data-testid="header.badge" aria-label={t('badge_count', { count: badge })}>
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </div>
  );
}

/** Avatar menu (SPEC §2): entries from the config, copyable user id, VIP label, balance. */
function AvatarMenu() {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);
  const member = session.member;
  if (!member) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(String(member.id));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="avatar" ref={box}>
      <button type="button" className="avatar__btn" data-testid="header.avatar" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {member.avatarUrl ? <img src={member.avatarUrl} alt="" width={32} height={32} /> : <span aria-hidden="true">{(member.nickname || member.userName).slice(0, 1).toUpperCase()}</span>}
        <span className="sr-only">{t('my_account')}</span>
      </button>
      {open && (
        <div className="avatar__menu" role="menu" data-testid="header.avatar-menu">
          <div className="avatar__head">
            <strong>{member.nickname || member.userName}</strong>
            <button type="button" className="link-btn" data-testid="header.copy-id" onClick={() => void copy()}>
              {t('user_id')}: {member.id}{' '}
              {copied ? (
                <>
                  <Icon name="check" size={14} /> {t('copied')}
                </>
              ) : (
                <Icon name="copy" size={14} />
              )}
            </button>
            {member.hasVip && (
              <span className="vip">
                <Icon name="crown" size={14} /> {member.vipLabelName}
              </span>
            )}
            {session.balance && <span className="balance">{formatMinor(session.balance.balance, session.balance.currencySymbol)}</span>}
          </div>
          {config.avatarMenu.map((e) => (
            <MenuEntryView key={e.key} entry={e} testId={`header.avatar.${e.key}`} className="menu-link" icon={<span aria-hidden="true">{iconFor(e.icon)}</span>} onDone={() => setOpen(false)} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Free play (FREEPLAY3): a new trial account (type 4) that can browse; launches and member actions
 * then show in_need_true_account (SPEC §6, §8).
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
    <button type="button" className="btn btn--ghost btn--small" data-testid="header.freeplay" disabled={pending} aria-busy={pending} onClick={() => void start()}>
      {t('free_play')}
    </button>
  );
}

/** Site header rendered from ScreenConfig only (SPEC §2 Header). */
export function Header() {
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
    <header className={`header${session.isLoggedIn ? ' header--member' : ''}`} data-testid="header">
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
        <button type="button" className="icon-btn header__theme" data-testid="theme.toggle" aria-label={t(settings.theme === 'dark' ? 'theme_light' : 'theme_dark')} onClick={settings.toggleTheme}>
          {settings.theme === 'dark' ? <Icon name="sun" /> : <Icon name="moon" />}
        </button>
        {session.isLoggedIn ? (
          <>
            <MemberPanel onGamePage={isGamePage(pathname)} />
            <MenuEntryView entry={deposit} testId="header.deposit" className="btn btn--primary btn--small header__money" icon={<Icon name="deposit" size={16} />}>
              {t('deposit')}
            </MenuEntryView>
            <MenuEntryView entry={withdraw} testId="header.withdraw" className="btn btn--ghost btn--small header__money" icon={<Icon name="withdraw" size={16} />}>
              {t('withdraw')}
            </MenuEntryView>
            <AvatarMenu />
          </>
        ) : (
          <>
            {config.flags.FREEPLAY3 === true && <FreePlayButton />}
            <button type="button" className="btn btn--ghost btn--small" data-testid="header.login" onClick={ui.openLogin}>
              {t('login')}
            </button>
            <button type="button" className="btn btn--primary btn--small" data-testid="header.register" onClick={ui.openRegister}>
              {t('register')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
