import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@wl/schemas';
import type { i18n as TI18n } from 'i18next';
import type { TCatalogue } from './i18n.ts';

type TLoad = () => Promise<{ default: TCatalogue }>;

/**
 * Texts of one area of the site (the money pages, …) that are not in the first load: each area has
 * `<area>.bn.json` and `<area>.en.json` beside this file, fetched with the area's pages. The first
 * load carries only what the first screen shows (docs/0022 budget). The translation test reads
 * every pair listed here and holds BN and EN to the same keys.
 */
export const AREA_TEXTS = {
  /** Login, registration, password and security forms (docs/rules/accounts.md); EN carries them in its own chunk (en.ts). */
  accounts: { bn: () => import('./accounts.bn.json'), en: () => import('./accounts.en.json'), probe: 'phone_enter_valid' },
  /** Shared by every money page: amounts, statuses, the trial and password prompts; the VIP and rebate pages (docs/0091); the bonus page (docs/0095). */
  money: { bn: () => import('./money.bn.json'), en: () => import('./money.en.json'), probe: 'money_amount' },
  deposit: { bn: () => import('./deposit.bn.json'), en: () => import('./deposit.en.json'), probe: 'deposit_title' },
  withdraw: { bn: () => import('./withdraw.bn.json'), en: () => import('./withdraw.en.json'), probe: 'withdraw_title' },
  /** The records pages, platform messages and the chat room (docs/0117). */
  records: { bn: () => import('./records.bn.json'), en: () => import('./records.en.json'), probe: 'record_title_account' },
  wallet: { bn: () => import('./wallet.bn.json'), en: () => import('./wallet.en.json'), probe: 'wallet_title' },
  /** The operator console's frame: its login, roles, system switches and authenticator (docs/0010); promotions, applications, VIP settings (docs/0098); the compliance panel (docs/0106); the chat room panel (docs/0117). */
  operator: { bn: () => import('./operator.bn.json'), en: () => import('./operator.en.json'), probe: 'operator_title' },
  /** The console's category and game switches (docs/0037). */
  operatorGames: { bn: () => import('./operator-games.bn.json'), en: () => import('./operator-games.en.json'), probe: 'opgames_title' },
  /** The console's audit log: its filters and the name of every action (OPERATOR_AUDIT_ACTIONS). */
  operatorAudit: { bn: () => import('./operator-audit.bn.json'), en: () => import('./operator-audit.en.json'), probe: 'operator_audit' },
  /** The console's whitelabel flags by name with a one-line explanation (docs/0054). */
  operatorFlags: { bn: () => import('./operator-flags.bn.json'), en: () => import('./operator-flags.en.json'), probe: 'opflags_probe' },
  /** The built-in games' page (docs/0039): play, paytable, provably fair and verify. */
  games: { bn: () => import('./games.bn.json'), en: () => import('./games.en.json'), probe: 'game_page_title' },
  /** The built-in lottery's views and the console's lottery settings (docs/0041). */
  lottery: { bn: () => import('./lottery.bn.json'), en: () => import('./lottery.en.json'), probe: 'lottery_place_bet' },
  /** The agent centre's pages (docs/0051): team overview, team management. */
  agent: { bn: () => import('./agent.bn.json'), en: () => import('./agent.en.json'), probe: 'agent_overview_title' },
  /** The help centre (docs/rules/content.md#c-12 /help): the terms the registration links to (docs/0053); the page's and the help-centre modal's frame (docs/0109). */
  help: { bn: () => import('./help.bn.json'), en: () => import('./help.en.json'), probe: 'help_terms_title' },
  /** The agent centre's register centre and team reports (docs/0051). */
  agentReports: { bn: () => import('./agent-reports.bn.json'), en: () => import('./agent-reports.en.json'), probe: 'rep_bets_title' },
  /** The promotions page (docs/rules/content.md#c-13): categories, periods, rules; a manual-apply promotion's form (docs/0098); the referral page and the console's held bonuses (docs/0097). */
  promotions: { bn: () => import('./promotions.bn.json'), en: () => import('./promotions.en.json'), probe: 'promotions_rules' },
  /** Pages and panels off the first screen: the maintenance and region-blocked pages, the lite app's install panel (docs/0048), the favourite and recent game lists, the footer's help links (docs/0109). */
  site: { bn: () => import('./site.bn.json'), en: () => import('./site.en.json'), probe: 'maintenance_title' },
} satisfies Record<string, Record<TLanguage, TLoad> & { probe: string }>;

export type TArea = keyof typeof AREA_TEXTS;

/** Whether an area's texts are in the instance for a language: its probe key is there, without fallback. */
function hasArea(i18n: TI18n, area: TArea, language: TLanguage): boolean {
  return i18n.getResource(language, 'translation', AREA_TEXTS[area].probe) !== undefined;
}

/**
 * Makes areas' texts available in the current language (merged into the one `translation`
 * namespace, so `t('key')` works as everywhere); answers false until they are. Components render a
 * busy state meanwhile, never raw keys.
 */
export function useAreaTexts(...areas: TArea[]): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const key = `${areas.join(',')}:${language}`;
  const [ready, setReady] = useState(() => areas.every((area) => hasArea(i18n, area, language)));
  useEffect(() => {
    const missing = areas.filter((area) => !hasArea(i18n, area, language));
    if (missing.length === 0) {
      setReady(true);
      return;
    }
    let live = true;
    setReady(false);
    void Promise.all(
      missing.map(async (area) => {
        const { default: texts } = await AREA_TEXTS[area][language]();
        i18n.addResourceBundle(language, 'translation', texts, true, false);
      }),
    ).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return ready;
}

/**
 * Renders its children once the areas' texts are there (lazy pages and popups whose texts are not
 * in the first load). Once shown they stay mounted through a language change (a form keeps what
 * was typed); the new language's texts follow a moment later.
 */
export function AreaTexts({ areas, children, fallback = null }: { areas: TArea[]; children: ReactNode; fallback?: ReactNode }) {
  const ready = useAreaTexts(...areas);
  const [shown, setShown] = useState(ready);
  if (ready && !shown) setShown(true);
  return ready || shown ? children : fallback;
}
