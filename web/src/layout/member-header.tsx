import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../app/settings-context.tsx';
import type { TMenuEntry } from '@wl/schemas';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { localDigits, MASKED_BALANCE } from '../lib/numbers-later.ts';
import { useSession } from '../session/session-context.tsx';
import { Icon, iconFor } from './icons.tsx';
import { MenuEntryView } from './menu-entry.tsx';
import { RebatePrompt } from './rebate-prompt.tsx';
import { useTRPC } from '../api/trpc.ts';
import { useRefetchOnLanguage } from '../lib/use-language-refetch.ts';

/** One of the balance's icon buttons: show/hide (a toggle, `pressed`) and refresh (`spinning` while it fetches). */
function BalanceButton({
  testId,
  icon,
  label,
  pressed,
  spinning = false,
  onClick,
}: {
  testId: string;
  icon: string;
  label: string;
  pressed?: boolean;
  spinning?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`icon-btn${spinning ? ' is-spinning' : ''}`}
      data-testid={testId}
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
    >
      <Icon name={icon} size={16} />
    </button>
  );
}

/** Member info panel (docs/rules/content.md#c-2 Header): account, balance with show/hide and refresh, VIP, badge. */
function MemberPanel({ onGamePage }: { onGamePage: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const session = useSession();
  // The VIP label is the level's name in the request's language (docs/0091).
  useRefetchOnLanguage(useTRPC().member.info.queryKey());
  const [shown, setShown] = useState(true);
  const member = session.member;
  if (!member) return null;
  // docs/rules/content.md#c-2: promotions to claim, unread messages and claimable missions (as the menu's badges count them).
  const badge = member.availablePromoCount + member.unreadMessage + member.missionCount;
  return (
    <div className="member-panel" data-testid="header.member">
      <span className="member-panel__account" translate="no">
        {member.nickname || member.userName}
      </span>
      {!onGamePage && (
        <span className="member-panel__balance">
          <span data-testid="header.balance" className="balance" aria-live="polite">
            {session.balance === null ? '…' : shown ? formatMinor(session.balance.balance, language, session.balance.currencySymbol) : MASKED_BALANCE}
          </span>
          <BalanceButton
            testId="header.balance-toggle"
            icon={shown ? 'eye' : 'eyeOff'}
            label={t(shown ? 'balance_hide' : 'balance_show')}
            pressed={!shown}
            onClick={() => setShown((s) => !s)}
          />
          <BalanceButton
            testId="header.balance-refresh"
            icon="refresh"
            label={t('balance_refresh')}
            spinning={session.isBalanceFetching}
            onClick={session.refreshBalance}
          />
        </span>
      )}
      {member.hasVip && (
        <span className="vip" data-testid="header.vip" title={t('vip_rank', { rank: member.vipRankLevel })}>
          <Icon name="crown" size={14} /> {localDigits(member.vipLabelName, language)} · {t('vip_rank', { rank: member.vipRankLevel })}
        </span>
      )}
      {!onGamePage && <RebatePrompt />}
      {badge > 0 && (
        <span className="badge" data-testid="header.badge" aria-label={t('badge_count', { count: badge })}>
          {localDigits(badge > 99 ? '99+' : String(badge), language)}
        </span>
      )}
    </div>
  );
}

/**
 * Avatar menu (docs/rules/content.md#c-3): entries from the config, copyable user id, VIP label, balance. A disclosure
 * (docs/0054): the button shows and hides a panel of ordinary links and buttons, reached with Tab;
 * Escape or a click outside closes it, Escape puts focus back on the button.
 */
function AvatarMenu() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const config = useScreenConfig();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
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
      <button
        ref={button}
        type="button"
        className="avatar__btn"
        data-testid="header.avatar"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {member.avatarUrl ? (
          <img src={member.avatarUrl} alt="" width={32} height={32} />
        ) : (
          <span aria-hidden="true">{(member.nickname || member.userName).slice(0, 1).toUpperCase()}</span>
        )}
        <span className="sr-only">{t('my_account')}</span>
      </button>
      {open && (
        <div className="avatar__menu" id={panelId} data-testid="header.avatar-menu">
          <div className="avatar__head">
            {/* The avatar change leads to the profile page (docs/rules/content.md#c-2, docs/0115). */}
            <Link to="/member/profile" className="avatar__change" data-testid="header.avatar-change" onClick={() => setOpen(false)}>
              <img src={member.avatarUrl} alt={t('my_account')} width={40} height={40} />
            </Link>
            <strong translate="no">{member.nickname || member.userName}</strong>
            <button type="button" className="link-btn" data-testid="header.copy-id" onClick={() => void copy()}>
              {t('user_id')}: <span translate="no">{member.id}</span>{' '}
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
                <Icon name="crown" size={14} /> {localDigits(member.vipLabelName, language)}
              </span>
            )}
            {session.balance && <span className="balance">{formatMinor(session.balance.balance, language, session.balance.currencySymbol)}</span>}
          </div>
          {config.avatarMenu.map((e) => (
            <MenuEntryView
              key={e.key}
              entry={e}
              testId={`header.avatar.${e.key}`}
              className="menu-link"
              icon={<span aria-hidden="true">{iconFor(e.icon)}</span>}
              onDone={() => setOpen(false)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** Where the page notes the language it last told the platform for this session: `<member id>:<language>`. */
const LANGUAGE_SAVED_KEY = 'languageSaved';

function readSavedMark(): string | null {
  try {
    return sessionStorage.getItem(LANGUAGE_SAVED_KEY);
  } catch {
    return null;
  }
}

function writeSavedMark(mark: string): void {
  try {
    sessionStorage.setItem(LANGUAGE_SAVED_KEY, mark);
  } catch {
    // Without storage the language is told again on the next load: harmless.
  }
}

/**
 * Tells the platform the site's language (SPEC §4 language change: "updates the server"; docs/0115):
 * on sign-in and on every change, once per session and language, so SMS, e-mails and messages go
 * out in the language the member reads the site in. A failure changes nothing on the page.
 */
function useLanguageToServer(): void {
  const { language } = useSettings();
  const session = useSession();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { mutate } = useMutation(trpc.profile.setLanguage.mutationOptions());
  const memberId = session.member?.id ?? null;
  useEffect(() => {
    if (memberId === null) return;
    const mark = `${memberId}:${language}`;
    if (readSavedMark() === mark) return;
    mutate(
      { language },
      {
        onSuccess: () => {
          writeSavedMark(mark);
          void qc.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
        },
      },
    );
  }, [memberId, language, mutate, qc, trpc]);
}

/** The header's tools of a signed-in member: account and balance, deposit, withdraw, the avatar menu. */
export default function MemberTools({ onGamePage, deposit, withdraw }: { onGamePage: boolean; deposit: TMenuEntry; withdraw: TMenuEntry }) {
  const { t } = useTranslation();
  useLanguageToServer();
  return (
    <>
      <MemberPanel onGamePage={onGamePage} />
      <MenuEntryView entry={deposit} testId="header.deposit" className="btn btn--primary btn--small header__money" icon={<Icon name="deposit" size={16} />}>
        {t('deposit')}
      </MenuEntryView>
      <MenuEntryView entry={withdraw} testId="header.withdraw" className="btn btn--ghost btn--small header__money" icon={<Icon name="withdraw" size={16} />}>
        {t('withdraw')}
      </MenuEntryView>
      <AvatarMenu />
    </>
  );
}
