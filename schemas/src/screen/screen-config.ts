import { z } from 'zod';
import { LANGUAGES, MAX_TEXT_LENGTH } from '../constants.ts';
import { ZCardKind, ZGameType, ZVassalage } from '../domain/game.ts';
import { FEATURE_FLAGS, ZBrandLanguages, ZBrandPalette, ZEmergencyPart, ZPatternId, ZRegistrationField } from '../domain/merchant.ts';
import { vendorIndex } from './vendors.ts';

/**
 * ScreenConfig: the typed description of what a page shows, composed by the gateway per audience
 * and language from whitelabel flags, registration settings and rules, menus, vendors and
 * permission info. The web app renders header, side menu, footer and centre navigation from it only.
 *
 * Fixed texts travel as i18n keys (`labelKey`), server data (vendor and category names) as text.
 * The composer also writes every navigation label (`label`) in the config's language, so those
 * words are not in the web's first load (docs/0121); a page shows `label` first.
 */

export const ZAudience = z.enum(['visitor', 'member', 'trial', 'agent']);

const ZLabelKey = z.string().min(1).max(100);
const ZPath = z.string().max(500);

/**
 * What choosing a vendor does inside one category (docs/rules/games.md#g-2 launch rules for vendors). A vendor has
 * one per game type it appears under: the wire contract keys cards by vassalage only within a
 * category, so an upstream may list the same vendor under RNG and FISH with different paths.
 */
export const ZVendorPlacement = z.object({
  gameType: ZGameType,
  /** Where choosing the vendor goes (docs/rules/games.md#g-2 launch rules for vendors). */
  path: ZPath,
  /** Lottery vendors and single-game vendors launch directly; others open their list. */
  isGame: ZCardKind,
  gameCode: z.string().max(64).nullable(),
  /** Only when this category's card names or pictures the vendor differently from its first card. */
  name: z.string().max(MAX_TEXT_LENGTH).optional(),
  logoUrl: z.string().max(500).optional(),
});
export type TVendorPlacement = z.infer<typeof ZVendorPlacement>;

/** A vendor, listed once in `ScreenConfig.vendors`; every other part of the config names it by `code`. */
export const ZVendor = z.object({
  /** The vendor's vassalage. */
  code: ZVassalage,
  name: z.string().max(MAX_TEXT_LENGTH),
  logoUrl: z.string().max(500),
  /** One per game type the vendor appears under, in the config's category order. */
  placements: z.array(ZVendorPlacement).min(1),
});
export type TVendor = z.infer<typeof ZVendor>;

/**
 * A vendor as a page uses it inside one category: the vendor and its placement there, resolved
 * from codes (`resolveVendorLink`). Not part of the wire shape.
 */
export type TVendorLink = {
  vassalage: string;
  name: string;
  logoUrl: string;
  gameType: z.infer<typeof ZGameType>;
  path: string;
  isGame: z.infer<typeof ZCardKind>;
  gameCode: string | null;
};

/** Not built yet: shown disabled and never linked (house rule). */
const ZIsAvailable = z.boolean();

/** A navigation label in the config's language (docs/0121). */
const ZLabel = z.string().max(MAX_TEXT_LENGTH);
const pageEntry = <K extends 'home' | 'promotions' | 'rewards' | 'share'>(kind: K) =>
  z.object({ kind: z.literal(kind), key: z.string(), labelKey: ZLabelKey, label: ZLabel.optional(), path: ZPath, isAvailable: ZIsAvailable });

export const ZHeaderEntry = z.discriminatedUnion('kind', [
  pageEntry('home'),
  z.object({
    kind: z.literal('category'),
    key: z.string(),
    gameType: ZGameType,
    label: z.string().max(MAX_TEXT_LENGTH),
    path: ZPath,
    /** Codes of the category's vendors (`ScreenConfig.vendors`), in the upstream's order. */
    vendorCodes: z.array(ZVassalage),
    /** docs/rules/content.md#c-2: the drop-down uses the large layout above 10 vendors. */
    dropdownLayout: z.enum(['compact', 'large']),
    isAvailable: ZIsAvailable,
  }),
  pageEntry('promotions'),
  pageEntry('rewards'),
  pageEntry('share'),
]);
export type THeaderEntry = z.infer<typeof ZHeaderEntry>;

/** A menu entry: a route, an action the client runs, or an external link. */
export const ZMenuEntry = z.object({
  key: z.string().min(1).max(64),
  labelKey: ZLabelKey.optional(),
  label: z.string().max(MAX_TEXT_LENGTH).optional(),
  icon: z.string().max(32),
  target: z.discriminatedUnion('type', [
    z.object({ type: z.literal('route'), path: ZPath }),
    z.object({ type: z.literal('external'), url: z.string().max(2000) }),
    z.object({
      type: z.literal('action'),
      // chatRoom: the chat-room modal (SPEC §2 modals, docs/0121).
      action: z.enum(['login', 'register', 'logout', 'language', 'appDownload', 'customerService', 'theme', 'chatRoom']),
    }),
  ]),
  /** Badge source the client fills from member info. */
  badge: z.enum(['mission', 'message', 'reward']).optional(),
  /** Not built yet: shown disabled and never linked (house rule). */
  isAvailable: z.boolean(),
});
export type TMenuEntry = z.infer<typeof ZMenuEntry>;

export const ZMenuSection = z.object({
  key: z.string().min(1).max(64),
  labelKey: ZLabelKey.optional(),
  label: ZLabel.optional(),
  entries: z.array(ZMenuEntry),
});
export type TMenuSection = z.infer<typeof ZMenuSection>;

export const ZHomeMenuEntry = z.object({
  key: z.string().min(1).max(32),
  kind: z.enum(['HOME', 'FAV', 'CATEGORY', 'MXWIN']),
  gameType: ZGameType.nullable(),
  label: z.string().max(MAX_TEXT_LENGTH).optional(),
  labelKey: ZLabelKey.optional(),
  /** FAV while logged out opens the login popup (docs/rules/README.md#screens). */
  requiresLogin: z.boolean(),
});
export type THomeMenuEntry = z.infer<typeof ZHomeMenuEntry>;

export const ZHomeRow = z.object({
  key: z.enum(['HOT', 'FAV', 'RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN', 'SPORTS']),
  labelKey: ZLabelKey,
  label: ZLabel.optional(),
  gameType: ZGameType.nullable(),
  /** Codes of the vendors whose games the row previews (cut to 5 on home; MXWIN is RNG vendors 11 to 20). */
  vendorCodes: z.array(ZVassalage),
  requiresLogin: z.boolean(),
});
export type THomeRow = z.infer<typeof ZHomeRow>;

export const ZFormField = z.object({
  field: ZRegistrationField,
  required: z.boolean(),
  /** Server rule for the value, when there is one (docs/rules/accounts.md#a-11). */
  rule: z
    .object({
      acceptedPattern: z.string().max(500),
      minLength: z.number().int().nonnegative(),
      maxLength: z.number().int().positive(),
      patternId: ZPatternId,
    })
    .nullable(),
});
export type TFormField = z.infer<typeof ZFormField>;

const ZScreenConfigShape = z.object({
  /** Changes whenever anything in the config changes; clients compare it to skip re-renders. */
  version: z.string().max(64),
  /**
   * The upstream's configuration version this config was composed from (not part of `version`): a
   * page compares it with the live stream's version to know whether to refetch (docs/0021).
   */
  configVersion: z.number().int().nonnegative(),
  audience: ZAudience,
  language: z.enum(LANGUAGES),
  merchant: z.object({
    code: z.string().max(32),
    name: z.string().max(MAX_TEXT_LENGTH),
    currencySymbol: z.string().max(8),
    /** The brand's palette (docs/0131), on `<html data-brand>`. */
    palette: ZBrandPalette,
    /** The languages the brand offers, its default first (docs/0136): the switch offers these only. */
    languages: ZBrandLanguages,
  }),
  // No client IP here: one composed answer serves many browsers as the same bytes (docs/0019); the
  // blocked page asks `system.clientIp`.
  system: z.object({
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** docs/0122: the parts the owner stopped (all gaming, all money movement); absent while everything runs. */
    stopped: z.array(ZEmergencyPart).max(2).optional(),
  }),
  flags: z.record(z.enum(FEATURE_FLAGS), z.boolean()),
  /** Every vendor the config names, each once (docs/0020); everywhere else vendors are codes into this list. */
  vendors: z.array(ZVendor),
  header: z.object({ entries: z.array(ZHeaderEntry) }),
  sideMenu: z.object({ sections: z.array(ZMenuSection) }),
  footer: z.object({
    helpLinks: z.array(ZMenuEntry),
    products: z.array(z.object({ gameType: ZGameType, label: z.string().max(MAX_TEXT_LENGTH), vendorCodes: z.array(ZVassalage) })),
    social: z.array(z.object({ csType: z.string().max(32), url: z.string().max(2000) })),
    /** Codes of the vendors whose logos the footer shows. */
    vendorLogoCodes: z.array(ZVassalage),
  }),
  memberCentre: z.array(ZMenuEntry),
  agentCentre: z.array(ZMenuEntry),
  avatarMenu: z.array(ZMenuEntry),
  home: z.object({ menu: z.array(ZHomeMenuEntry), rows: z.array(ZHomeRow) }),
  links: z.object({
    customerService: z.string().max(2000),
    appIos: z.string().max(2000),
    appAndroid: z.string().max(2000),
    imageCDNs: z.array(z.string().max(500)),
    /** docs/rules/README.md#constants: a launched game's address goes to a CDN picked at random from this list ('' = this site). */
    launchGameCDNs: z.array(z.string().max(500)),
  }),
  forms: z.object({
    login: z.object({ smsLogin: z.boolean() }),
    register: z.object({
      tabs: z.array(z.enum(['username', 'mobile'])),
      fields: z.array(ZFormField),
      minAge: z.number().int(),
      smsVerification: z.boolean(),
    }),
    forgotPassword: z.object({ tabs: z.array(z.enum(['email', 'mobile'])) }),
  }),
});

type TVendorReference = { codes: readonly string[]; gameType: z.infer<typeof ZGameType> | null; path: (string | number)[] };

/** Every place the config names vendors, with the category each code is read in (null: any). */
function vendorReferences(config: z.infer<typeof ZScreenConfigShape>): TVendorReference[] {
  return [
    ...config.header.entries.flatMap((entry, i) =>
      entry.kind === 'category' ? [{ codes: entry.vendorCodes, gameType: entry.gameType, path: ['header', 'entries', i, 'vendorCodes'] }] : [],
    ),
    ...config.footer.products.map((p, i) => ({ codes: p.vendorCodes, gameType: p.gameType, path: ['footer', 'products', i, 'vendorCodes'] })),
    { codes: config.footer.vendorLogoCodes, gameType: null, path: ['footer', 'vendorLogoCodes'] },
    ...config.home.rows.map((row, i) => ({ codes: row.vendorCodes, gameType: row.gameType, path: ['home', 'rows', i, 'vendorCodes'] })),
  ];
}

/**
 * The ScreenConfig, with referential integrity of its vendors: each vendor listed once with at most
 * one placement per game type, and every code elsewhere names a listed vendor placed in the
 * category that names it. The gateway parses what it composes, so a dangling code never ships.
 */
export const ZScreenConfig = ZScreenConfigShape.superRefine((config, ctx) => {
  const seen = new Set<string>();
  config.vendors.forEach((vendor, i) => {
    if (seen.has(vendor.code)) ctx.addIssue({ code: 'custom', path: ['vendors', i, 'code'], message: `vendor ${vendor.code} is listed twice` });
    seen.add(vendor.code);
    const types = new Set<string>();
    vendor.placements.forEach((placement, j) => {
      if (types.has(placement.gameType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['vendors', i, 'placements', j, 'gameType'],
          message: `vendor ${vendor.code} is placed in ${placement.gameType} twice`,
        });
      }
      types.add(placement.gameType);
    });
  });
  const index = vendorIndex(config.vendors);
  for (const ref of vendorReferences(config)) {
    ref.codes.forEach((code, i) => {
      const vendor = index.get(code);
      if (!vendor) ctx.addIssue({ code: 'custom', path: [...ref.path, i], message: `unknown vendor ${code}` });
      else if (ref.gameType !== null && !vendor.placements.some((p) => p.gameType === ref.gameType)) {
        ctx.addIssue({ code: 'custom', path: [...ref.path, i], message: `vendor ${code} has no ${ref.gameType} placement` });
      }
    });
  }
});
export type TScreenConfig = z.infer<typeof ZScreenConfig>;
