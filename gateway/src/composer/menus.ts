import {
  AGENT_PAGE_MODULES,
  MEMBER_PAGE_MODULES,
  type TAgentPage,
  type TAudience,
  type TGameCategory,
  type TMemberPage,
  type TMenuEntry,
  type TMenuSection,
  type TWhitelabelNode,
} from '@wl/schemas';
import { isBuilt } from './built-routes.ts';
import { enabledChildren, isModuleOn } from './whitelabel.ts';
import { CATEGORY_PATHS } from './vendor-links.ts';

/** Who is looking: audience plus the member facts that change menus (docs/rules/content.md#c-3). */
export type TViewer = {
  audience: TAudience;
  /** The member's referral promotion is on (availablePromo REFERRAL.enabled). */
  referralEnabled: boolean;
  hasVip: boolean;
};

type TAction = Extract<TMenuEntry['target'], { type: 'action' }>['action'];

/** Actions the web implements today; everything routed elsewhere is not built yet. */
const AVAILABLE_ACTIONS: ReadonlySet<TAction> = new Set(['login', 'register', 'logout', 'language', 'theme', 'customerService', 'appDownload', 'chatRoom']);
/** A route entry; available only when the web builds its page (house rule: never link the rest). */
export function route(key: string, labelKey: string, icon: string, path: string, extra: Partial<TMenuEntry> = {}): TMenuEntry {
  return { key, labelKey, icon, target: { type: 'route', path }, isAvailable: isBuilt(path), ...extra };
}

/** An action entry; available only when the web implements the action. */
export function action(key: string, labelKey: string, icon: string, name: TAction, extra: Partial<TMenuEntry> = {}): TMenuEntry {
  return { key, labelKey, icon, target: { type: 'action', action: name }, isAvailable: AVAILABLE_ACTIONS.has(name), ...extra };
}

export const memberPagePath = (page: TMemberPage | 'vip' | 'depositRecord' | 'feedback' | 'announcements'): string => `/member/${page}`;
const agentPagePath = (page: TAgentPage): string => `/agentHome/${page}`;

/** docs/rules/content.md#c-2 member-centre pages that carry a badge count. */
const MEMBER_BADGES: Partial<Record<TMemberPage, TMenuEntry['badge']>> = {
  missionLeaderboard: 'mission',
  messageV2: 'message',
  rewardCenter: 'reward',
};

export const isLoggedIn = (viewer: TViewer): boolean => viewer.audience !== 'visitor';
/** A signed-in real account (a member or an agent): not a visitor, not a trial account (SPEC §6). */
const isRealMember = (viewer: TViewer): boolean => viewer.audience === 'member' || viewer.audience === 'agent';
/** docs/rules/content.md#c-3: referral-driven entries (Rewards, invite friends) show when logged out or referral is on. */
export const showsReferral = (viewer: TViewer): boolean => viewer.audience === 'visitor' || viewer.referralEnabled;

/**
 * Member centre: the MEMBERCENTER whitelabel children in the real site's order (UPSTREAM-NOTES),
 * with badges (docs/rules/content.md#c-3). Referral only when its promotion is on (docs/rules/content.md#c-3). Visitors have none.
 */
export function memberCentre(tree: readonly TWhitelabelNode[], viewer: TViewer): TMenuEntry[] {
  if (!isLoggedIn(viewer) || !isModuleOn(tree, 'MEMBERCENTER')) return [];
  const enabled = enabledChildren(tree, 'MEMBERCENTER');
  const pages = Object.keys(MEMBER_PAGE_MODULES) as TMemberPage[];
  return [
    ...pages
      .filter((page) => enabled.has(MEMBER_PAGE_MODULES[page]) || enabled.has(page))
      .filter((page) => page !== 'referral' || viewer.referralEnabled)
      .map((page) => {
        const badge = MEMBER_BADGES[page];
        return route(page, `member_${page}`, page, memberPagePath(page), badge ? { badge } : {});
      }),
    // The announcement list (docs/0112): the merchant's announcements, for every member.
    route('announcements', 'member_announcements', 'notice', memberPagePath('announcements')),
  ];
}

/**
 * Agent centre: AGENTCENTER children gated by their modIds (UPSTREAM-NOTES), agents only (docs/rules/content.md#c-3),
 * framed by the navigation's member entries (agents are members): deposit and withdraw first, then
 * messages (docs/rules/content.md#c-10, the member centre's messages page with its badge) and customer service.
 */
export function agentCentre(tree: readonly TWhitelabelNode[], viewer: TViewer, hasCustomerService: boolean): TMenuEntry[] {
  if (viewer.audience !== 'agent') return [];
  const enabled = enabledChildren(tree, 'AGENTCENTER');
  const pages = Object.keys(AGENT_PAGE_MODULES) as TAgentPage[];
  return [
    route('deposit', 'menu_deposit', 'deposit', memberPagePath('depositv2')),
    route('withdraw', 'menu_withdraw', 'withdraw', memberPagePath('withdraw')),
    ...pages
      .filter((page) => enabled.has(AGENT_PAGE_MODULES[page]) || enabled.has(page))
      .map((page) => route(page, `agent_${page}`, AGENT_PAGE_MODULES[page].toLowerCase(), agentPagePath(page))),
    route('messages', 'menu_messages', 'message', memberPagePath('messageV2'), { badge: 'message' }),
    action('customerService', 'menu_customer_service', 'support', 'customerService', { isAvailable: hasCustomerService }),
  ];
}

/** docs/rules/content.md#c-2 avatar menu (logged in only). */
export function avatarMenu(viewer: TViewer, hasCustomerService: boolean): TMenuEntry[] {
  if (!isLoggedIn(viewer)) return [];
  return [
    route('myAccount', 'menu_my_account', 'account', memberPagePath('securityCenter')),
    route('bettingRecord', 'menu_betting_record', 'record', memberPagePath('personalHistoryCopy')),
    route('messages', 'menu_messages', 'message', memberPagePath('messageV2'), { badge: 'message' }),
    action('customerService', 'menu_customer_service', 'support', 'customerService', { isAvailable: hasCustomerService }),
    ...(viewer.audience === 'agent' ? [route('agent', 'menu_agent', 'agent', '/agentHome')] : []),
    action('logout', 'menu_sign_out', 'logout', 'logout'),
  ];
}

/** docs/rules/content.md#c-3 side menu, section by section, with its conditions. */
export function sideMenu(categories: readonly TGameCategory[], viewer: TViewer, hasCustomerService: boolean): TMenuSection[] {
  const sections: TMenuSection[] = [
    {
      key: 'wallet',
      entries: [
        route('deposit', 'menu_deposit', 'deposit', memberPagePath('depositv2')),
        route('withdraw', 'menu_withdraw', 'withdraw', memberPagePath('withdraw')),
        route('promotions', 'menu_promotions', 'promotions', '/promotions'),
      ],
    },
    {
      key: 'rewards',
      entries: [
        ...(showsReferral(viewer) ? [route('inviteFriends', 'menu_invite_friends', 'invite', memberPagePath('referral'))] : []),
        route('rewardCenter', 'menu_reward_centre', 'reward', memberPagePath('rewardCenter'), { badge: 'reward' }),
        route('rebate', 'menu_rebate', 'rebate', memberPagePath('manualRebate')),
        // The points mall (docs/0113, docs/0114) and the chat room's modal (SPEC §2 modals, §6: signed-in
        // only; docs/0117): real members and agents, a trial account is refused both (docs/0121).
        ...(isRealMember(viewer)
          ? [route('pointMall', 'menu_point_mall', 'points', '/pointMall'), action('chatRoom', 'menu_chat_room', 'chat', 'chatRoom')]
          : []),
      ],
    },
    {
      key: 'gameCentre',
      labelKey: 'menu_section_game_centre',
      entries: categories.map((category) =>
        route(
          category.gameType.toLowerCase(),
          `category_${category.gameType.toLowerCase()}`,
          category.gameType.toLowerCase(),
          CATEGORY_PATHS[category.gameType],
          {
            label: category.title,
          },
        ),
      ),
    },
  ];
  if (isLoggedIn(viewer)) {
    // docs/rules/games.md#g-8 account game lists: the member's favourites and recently launched games (docs/0036).
    sections.push({
      key: 'myGames',
      labelKey: 'menu_section_my_games',
      entries: [route('favorite', 'menu_favorite', 'favorite', '/favorite'), route('recent', 'menu_recent', 'recent', '/recent')],
    });
    sections.push({
      key: 'memberCentre',
      labelKey: 'menu_section_member_centre',
      entries: [
        ...(viewer.hasVip ? [route('vip', 'menu_vip', 'vip', memberPagePath('vip'))] : []),
        route('bettingRecord', 'menu_betting_record', 'record', memberPagePath('personalHistoryCopy')),
        route('accountRecord', 'menu_account_record', 'account-record', memberPagePath('transactionHistory')),
        route('myAccount', 'menu_my_account', 'account', memberPagePath('securityCenter')),
        route('depositRecord', 'menu_deposit_record', 'deposit-record', memberPagePath('depositRecord')),
        route('profitLoss', 'menu_profit_loss', 'profit', memberPagePath('personalProfit')),
        route('messages', 'menu_messages', 'message', memberPagePath('messageV2'), { badge: 'message' }),
        // Feedback and complaints (SPEC §1; docs/0111), labelled as the footer's link.
        route('feedback', 'footer_feedback', 'feedback', memberPagePath('feedback')),
      ],
    });
  }
  sections.push({
    key: 'settings',
    entries: [
      action('language', 'menu_language', 'language', 'language'),
      action('theme', 'menu_theme', 'theme', 'theme'),
      action('appDownload', 'menu_app_download', 'app', 'appDownload'),
      action('customerService', 'menu_customer_service', 'support', 'customerService', { isAvailable: hasCustomerService }),
      ...(isLoggedIn(viewer) ? [action('logout', 'menu_sign_out', 'logout', 'logout')] : []),
    ],
  });
  return sections;
}

/** Footer help links (docs/rules/content.md#c-4 footer; pages listed under docs/rules/content.md#c-4 "further screens"). */
export function helpLinks(): TMenuEntry[] {
  return [
    route('helpCentre', 'footer_help_centre', 'help', '/help'),
    route('terms', 'footer_terms', 'terms', '/help#term'),
    route('aboutUs', 'footer_about_us', 'about', '/help#about'),
    route('news', 'footer_news', 'message', '/help#news'),
    route('beginnerGuide', 'footer_beginner_guide', 'guide', '/help#guide'),
    route('installGuide', 'footer_install_guide', 'app', '/help#install'),
    // The member's feedback page (docs/0111); a visitor who follows it is asked to log in.
    route('feedback', 'footer_feedback', 'feedback', memberPagePath('feedback')),
    // Player protection (docs/0102): the member's own limits, linked from every page.
    route('responsibleGaming', 'footer_responsible_gaming', 'protection', '/member/responsibleGaming'),
  ];
}
