import type { TLanguage } from '@wl/schemas';
import { escapeXml } from '../assets/svg.ts';

/** A redeemed launch ticket with its game, as the demo page shows it (redeemLaunchTicket). */
export type TDemoGame = {
  name_en: string;
  name_bn: string;
  vassalage: string;
  account_type: number;
  lotto_prize_mode: string | null;
  lotto_view: 'betting' | 'lobby' | null;
  back_url: string | null;
};

/**
 * Every text of the demo game page in EN and BN (docs/0054; BN is the default). The EN texts are
 * what the journeys read ("Real money · IMES", "Prize mode LOTT · betting"); the BN terms are the
 * web's (games, lottery texts). Codes (vendor, prize mode) stay as they are in both.
 */
const TEXTS = {
  en: {
    realMoney: 'Real money',
    freePlay: 'Free play',
    prizeMode: 'Prize mode',
    view: { betting: 'betting', lobby: 'lobby' },
    back: 'Back',
    expiredTitle: 'Game link expired',
    expired: 'This game link is no longer valid.',
    launchAgain: 'Please launch the game again from the lobby.',
  },
  bn: {
    realMoney: 'আসল টাকা',
    freePlay: 'ফ্রি খেলা',
    prizeMode: 'পুরস্কার মোড',
    view: { betting: 'বাজি', lobby: 'লবি' },
    back: 'ফিরে যান',
    expiredTitle: 'গেমের লিংকের মেয়াদ শেষ',
    expired: 'এই গেমের লিংকটি আর বৈধ নয়।',
    launchAgain: 'অনুগ্রহ করে লবি থেকে গেমটি আবার চালু করুন।',
  },
} satisfies Record<TLanguage, unknown>;

/**
 * The page a launch of a vendor we do not run opens (UPSTREAM-NOTES Game launch), in `language`:
 * the game's name, real money or free play with the vendor, and a lottery launch's fields and back
 * link (docs/rules/games.md#g-8). Everything from the database is escaped.
 */
export function demoGamePage(game: TDemoGame, language: TLanguage): string {
  const t = TEXTS[language];
  const name = language === 'bn' ? game.name_bn : game.name_en;
  const mode = game.account_type === 0 ? t.freePlay : t.realMoney;
  const view = game.lotto_view === null ? '' : t.view[game.lotto_view];
  // A lottery launch's fields, as stored with its ticket (docs/rules/README.md#fields); the back link is a path on this site.
  const lottery =
    game.lotto_prize_mode === null
      ? ''
      : `<p data-testid="demo-game.lottery">${t.prizeMode} <span translate="no">${escapeXml(game.lotto_prize_mode)}</span> · ${view}</p>` +
        (game.back_url ? `<p><a data-testid="demo-game.back" href="${escapeXml(game.back_url)}">${t.back}</a></p>` : '');
  // The EN page also names the game in Bengali, as it did before the page had a BN version.
  const bnName = language === 'en' ? `<p lang="bn" data-testid="demo-game.title-bn">${escapeXml(game.name_bn)}</p>` : '';
  return page(
    language,
    name,
    `<h1 data-testid="demo-game.title">${escapeXml(name)}</h1>${bnName}<p data-testid="demo-game.mode">${mode} · <span translate="no">${escapeXml(game.vassalage)}</span></p>${lottery}`,
  );
}

/** The page of a ticket that is unknown, spent or expired, in `language`. */
export function expiredGamePage(language: TLanguage): string {
  const t = TEXTS[language];
  return page(language, t.expiredTitle, `<h1 data-testid="demo-game.expired">${t.expired}</h1><p>${t.launchAgain}</p>`);
}

function page(language: TLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeXml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#101522;color:#f4f1ea;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center}</style></head><body><main>${body}</main></body></html>`;
}
