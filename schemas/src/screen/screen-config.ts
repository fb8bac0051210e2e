import { z } from 'zod';
import { LANGUAGES, MAX_TEXT_LENGTH } from '../constants.ts';
import { ZGameType, ZVassalage } from '../domain/game.ts';
import { FEATURE_FLAGS, ZPatternId, ZRegistrationField } from '../domain/merchant.ts';

/**
 * ScreenConfig: the typed description of what a page shows, composed by the gateway per audience
 * and language from whitelabel flags, registration settings and rules, menus, vendors and
 * permission info. The web app renders header, side menu, footer and centre navigation from it only.
 *
 * Fixed texts travel as i18n keys (`labelKey`), server data (vendor and category names) as text.
 */

export const ZAudience = z.enum(['visitor', 'member', 'trial', 'agent']);

const ZLabelKey = z.string().min(1).max(100);
const ZPath = z.string().max(500);

export const ZVendorLink = z.object({
  vassalage: ZVassalage,
  name: z.string().max(MAX_TEXT_LENGTH),
  logoUrl: z.string().max(500),
  gameType: ZGameType,
  /** Where choosing the vendor goes (SPEC §4 launch rules for vendors). */
  path: ZPath,
  /** Lottery vendors and single-game vendors launch directly; others open their list. */
  isGame: z.enum(['VASSALAGE', 'GAME']),
  gameCode: z.string().max(64).nullable(),
});
export type TVendorLink = z.infer<typeof ZVendorLink>;

/** Not built yet: shown disabled and never linked (house rule). */
const ZIsAvailable = z.boolean();

export const ZHeaderEntry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('home'), key: z.string(), labelKey: ZLabelKey, path: ZPath, isAvailable: ZIsAvailable }),
  z.object({
    kind: z.literal('category'),
    key: z.string(),
    gameType: ZGameType,
    label: z.string().max(MAX_TEXT_LENGTH),
    path: ZPath,
    vendors: z.array(ZVendorLink),
    /** SPEC §2: the drop-down uses the large layout above 10 vendors. */
    dropdownLayout: z.enum(['compact', 'large']),
    isAvailable: ZIsAvailable,
  }),
  z.object({ kind: z.literal('promotions'), key: z.string(), labelKey: ZLabelKey, path: ZPath, isAvailable: ZIsAvailable }),
  z.object({ kind: z.literal('rewards'), key: z.string(), labelKey: ZLabelKey, path: ZPath, isAvailable: ZIsAvailable }),
  z.object({ kind: z.literal('share'), key: z.string(), labelKey: ZLabelKey, path: ZPath, isAvailable: ZIsAvailable }),
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
      action: z.enum(['login', 'register', 'logout', 'language', 'appDownload', 'customerService', 'theme']),
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
  entries: z.array(ZMenuEntry),
});
export type TMenuSection = z.infer<typeof ZMenuSection>;

export const ZHomeMenuEntry = z.object({
  key: z.string().min(1).max(32),
  kind: z.enum(['HOME', 'FAV', 'CATEGORY', 'MXWIN']),
  gameType: ZGameType.nullable(),
  label: z.string().max(MAX_TEXT_LENGTH).optional(),
  labelKey: ZLabelKey.optional(),
  /** FAV while logged out opens the login popup (SPEC §2). */
  requiresLogin: z.boolean(),
});
export type THomeMenuEntry = z.infer<typeof ZHomeMenuEntry>;

export const ZHomeRow = z.object({
  key: z.enum(['HOT', 'FAV', 'RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN', 'SPORTS']),
  labelKey: ZLabelKey,
  gameType: ZGameType.nullable(),
  /** Vendors whose games the row previews (cut to 5 on home; MXWIN is RNG vendors 11 to 20). */
  vendors: z.array(ZVendorLink),
  requiresLogin: z.boolean(),
});
export type THomeRow = z.infer<typeof ZHomeRow>;

export const ZFormField = z.object({
  field: ZRegistrationField,
  required: z.boolean(),
  /** Server rule for the value, when there is one (SPEC §5). */
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

export const ZScreenConfig = z.object({
  /** Changes whenever anything in the config changes; clients compare it to skip re-renders. */
  version: z.string().max(64),
  audience: ZAudience,
  language: z.enum(LANGUAGES),
  merchant: z.object({
    code: z.string().max(32),
    name: z.string().max(MAX_TEXT_LENGTH),
    currencySymbol: z.string().max(8),
  }),
  system: z.object({
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    ip: z.string().max(64),
  }),
  flags: z.record(z.enum(FEATURE_FLAGS), z.boolean()),
  header: z.object({ entries: z.array(ZHeaderEntry) }),
  sideMenu: z.object({ sections: z.array(ZMenuSection) }),
  footer: z.object({
    helpLinks: z.array(ZMenuEntry),
    products: z.array(
      z.object({ gameType: ZGameType, label: z.string().max(MAX_TEXT_LENGTH), vendors: z.array(ZVendorLink) }),
    ),
    social: z.array(z.object({ csType: z.string().max(32), url: z.string().max(2000) })),
    vendorLogos: z.array(ZVendorLink),
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
export type TScreenConfig = z.infer<typeof ZScreenConfig>;
