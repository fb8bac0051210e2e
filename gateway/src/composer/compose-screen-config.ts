import { createHash } from 'node:crypto';
import {
  HOME_PREVIEW_VENDOR_LIMIT,
  LANGUAGES,
  MXWIN_VENDOR_FROM,
  MXWIN_VENDOR_TO,
  VENDOR_DROPDOWN_LARGE_ABOVE,
  type TFormField,
  type TGameCategory,
  type TGameType,
  type THeaderEntry,
  type THomeMenuEntry,
  type THomeRow,
  type TLanguage,
  type TPermissionInfo,
  type TRegistrationSettings,
  type TScreenConfig,
  type TSystemStatus,
  type TValidationRule,
  type TWhitelabelNode,
} from '@wl/schemas';
import { isBuilt } from './built-routes.ts';
import { agentCentre, avatarMenu, helpLinks, memberCentre, memberPagePath, showsReferral, sideMenu, type TViewer } from './menus.ts';
import { appLinks, categoryPath, customerServiceLink, socialLinks, vendorCodes, vendorList } from './vendor-links.ts';
import { featureFlags, findNode } from './whitelabel.ts';
import { withNavLabels } from './nav-labels.ts';

export type { TViewer } from './menus.ts';

/** Everything the composer reads, fetched from the upstream per merchant and language. */
export type TComposerInputs = {
  merchantCode: string;
  /** The upstream's configuration version when these inputs were read. */
  configVersion: number;
  whitelabel: TWhitelabelNode[];
  permission: TPermissionInfo;
  registerSettings: TRegistrationSettings;
  registerRules: TValidationRule[];
  /** Categories in the upstream's order, titles in the requested language. */
  gameMenus: TGameCategory[];
  systemStatus: TSystemStatus;
};

/** Home rows in docs/rules/games.md#g-9 order; MXWIN is placed separately. */
const ROW_CATEGORIES: readonly TGameType[] = ['RNG', 'FISH', 'LIVE', 'PVP'];

/**
 * Categories a page shows: those with vendors (docs/rules/content.md#c-1 "each non-empty game category") whose
 * `GAME_<type>` whitelabel module, when the merchant has one, is on.
 */
function shownCategories(categories: readonly TGameCategory[], tree: readonly TWhitelabelNode[]): TGameCategory[] {
  return categories.filter((category) => {
    if (category.cards.length === 0) return false;
    const gate = findNode(tree, `GAME_${category.gameType}`);
    return gate === null || gate.isOn;
  });
}

/**
 * docs/rules/content.md#c-2 Header: Home, each non-empty category with its vendors, Promotions, Rewards (rule), Share.
 * Each entry is available only when the web builds its page (house rule).
 */
function header(categories: readonly TGameCategory[], viewer: TViewer): THeaderEntry[] {
  const page = <K extends 'home' | 'promotions' | 'rewards' | 'share'>(kind: K, labelKey: string, path: string) =>
    ({ kind, key: kind, labelKey, path, isAvailable: isBuilt(path) }) as const;
  return [
    page('home', 'nav_home', '/'),
    ...categories.map((category): THeaderEntry => {
      const path = categoryPath(category);
      return {
        kind: 'category',
        key: category.gameType.toLowerCase(),
        gameType: category.gameType,
        label: category.title,
        path,
        vendorCodes: vendorCodes(category.cards),
        dropdownLayout: category.cards.length > VENDOR_DROPDOWN_LARGE_ABOVE ? 'large' : 'compact',
        isAvailable: isBuilt(path),
      };
    }),
    page('promotions', 'nav_promotions', '/promotions'),
    ...(showsReferral(viewer) ? [page('rewards', 'nav_rewards', memberPagePath('rewardCenter'))] : []),
    page('share', 'nav_share', memberPagePath('referral')),
  ];
}

/** docs/rules/games.md#g-9: MXWIN exists only with more than 10 RNG vendors. */
function hasMxwin(categories: readonly TGameCategory[]): boolean {
  const rng = categories.find((c) => c.gameType === 'RNG');
  return (rng?.cards.length ?? 0) > MXWIN_VENDOR_FROM;
}

/** docs/rules/content.md#c-3 Home game menu: HOME, FAV, categories without FISH, MXWIN inserted before SPORTS. */
function homeMenu(categories: readonly TGameCategory[]): THomeMenuEntry[] {
  const menu: THomeMenuEntry[] = [
    { key: 'HOME', kind: 'HOME', gameType: null, labelKey: 'home_menu_home', requiresLogin: false },
    { key: 'FAV', kind: 'FAV', gameType: null, labelKey: 'home_menu_fav', requiresLogin: true },
    ...categories
      .filter((c) => c.gameType !== 'FISH')
      .map((c): THomeMenuEntry => ({ key: c.gameType, kind: 'CATEGORY', gameType: c.gameType, label: c.title, requiresLogin: false })),
  ];
  if (hasMxwin(categories) && !menu.some((entry) => entry.kind === 'MXWIN')) {
    const mxwin: THomeMenuEntry = { key: 'MXWIN', kind: 'MXWIN', gameType: 'RNG', labelKey: 'home_menu_mxwin', requiresLogin: false };
    const sports = menu.findIndex((entry) => entry.gameType === 'SPORTS');
    if (sports === -1) menu.push(mxwin);
    else menu.splice(sports, 0, mxwin);
  }
  return menu;
}

/** docs/rules/games.md#g-9 rows: HOT, FAV, RNG, FISH, LIVE, PVP, MXWIN (>10 RNG vendors: vendors 11–20), SPORTS. */
function homeRows(categories: readonly TGameCategory[]): THomeRow[] {
  const byType = new Map(categories.map((c) => [c.gameType, c]));
  const row = (key: THomeRow['key'], gameType: TGameType): THomeRow[] => {
    const category = byType.get(gameType);
    if (!category) return [];
    return [
      {
        key,
        labelKey: `home_row_${key.toLowerCase()}`,
        gameType,
        vendorCodes: vendorCodes(category.cards.slice(0, HOME_PREVIEW_VENDOR_LIMIT)),
        requiresLogin: false,
      },
    ];
  };
  const rng = byType.get('RNG');
  return [
    { key: 'HOT', labelKey: 'home_row_hot', gameType: null, vendorCodes: [], requiresLogin: false },
    { key: 'FAV', labelKey: 'home_row_fav', gameType: null, vendorCodes: [], requiresLogin: true },
    ...ROW_CATEGORIES.flatMap((type) => row(type as THomeRow['key'], type)),
    ...(rng && hasMxwin(categories)
      ? [
          {
            key: 'MXWIN',
            labelKey: 'home_row_mxwin',
            gameType: 'RNG',
            vendorCodes: vendorCodes(rng.cards.slice(MXWIN_VENDOR_FROM, MXWIN_VENDOR_TO)),
            requiresLogin: false,
          } satisfies THomeRow,
        ]
      : []),
    ...row('SPORTS', 'SPORTS'),
  ];
}

/** docs/rules/accounts.md#a-18 Registration and Forgot password, docs/rules/accounts.md#a-15 server rules. */
function forms(inputs: TComposerInputs, flags: ReturnType<typeof featureFlags>): TScreenConfig['forms'] {
  const rules = new Map<string, TValidationRule>();
  for (const rule of [...inputs.permission.registrationRules, ...inputs.registerRules]) rules.set(rule.field, rule);
  const fields: TFormField[] = inputs.registerSettings.fields
    // No tab that takes an SMS code (smsCodeRequired: the mobile tab, or REGMOBVERF3), no code field (docs/rules/accounts.md#a-20).
    .filter((setting) => setting.enabled && (setting.field !== 'verificationCode' || flags.REGMOBVERF3 || flags.MOBILENUMREG3))
    .map((setting) => {
      const rule = rules.get(setting.field);
      return {
        field: setting.field,
        required: setting.required,
        rule: rule ? { acceptedPattern: rule.acceptedPattern, minLength: rule.minLength, maxLength: rule.maxLength, patternId: rule.patternId } : null,
      };
    });
  const tabs: ('username' | 'mobile')[] = [];
  if (flags.MOBILENUMREG3) tabs.push('mobile');
  if (flags.USERNAMEREG3) tabs.push('username');
  return {
    login: { smsLogin: flags.MOBILEVERCODELOGIN3 },
    register: { tabs, fields, minAge: inputs.registerSettings.minAge, smsVerification: flags.REGMOBVERF3 },
    forgotPassword: { tabs: flags.CHNGPASSVERIF3 ? ['mobile', 'email'] : ['email'] },
  };
}

/**
 * Hash of what the viewer sees: it changes exactly when the content does, so a change that does not
 * touch this audience (say an agent-centre module for a visitor) pushes nothing to its pages.
 */
function contentVersion(config: Omit<TScreenConfig, 'version' | 'configVersion'>): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 22);
}

/**
 * Builds the ScreenConfig a viewer sees (docs/rules/content.md#c-1) from the upstream's configuration. Pure: same
 * inputs, same output. Nothing per browser (no client IP), so one answer serves many as bytes.
 */
export function composeScreenConfig(inputs: TComposerInputs, viewer: TViewer, language: TLanguage): TScreenConfig {
  const { permission } = inputs;
  const flags = featureFlags(inputs.whitelabel);
  const categories = shownCategories(inputs.gameMenus, inputs.whitelabel);
  const customerService = customerServiceLink(permission.customerService);
  // Each vendor once; every other part names it by code (docs/0020).
  const vendors = vendorList(categories);

  // Navigation labels in the config's language: not in the web's first load (docs/0121).
  const config: Omit<TScreenConfig, 'version' | 'configVersion'> = withNavLabels({
    audience: viewer.audience,
    language,
    merchant: {
      code: inputs.merchantCode,
      name: permission.merchantName,
      currencySymbol: permission.currencySymbol,
      palette: permission.palette ?? 'gold',
      languages: permission.languages ?? [...LANGUAGES],
    },
    system: {
      status: inputs.systemStatus.status,
      ...(inputs.permission.emergencyStops?.length ? { stopped: inputs.permission.emergencyStops } : {}),
    },
    flags,
    vendors,
    header: { entries: header(categories, viewer) },
    sideMenu: { sections: sideMenu(categories, viewer, customerService !== '') },
    footer: {
      helpLinks: helpLinks(),
      products: categories.map((c) => ({ gameType: c.gameType, label: c.title, vendorCodes: vendorCodes(c.cards) })),
      social: socialLinks(permission.customerService),
      vendorLogoCodes: vendors.map((v) => v.code),
    },
    memberCentre: memberCentre(inputs.whitelabel, viewer),
    agentCentre: agentCentre(inputs.whitelabel, viewer, customerService !== ''),
    avatarMenu: avatarMenu(viewer, customerService !== ''),
    home: { menu: homeMenu(categories), rows: homeRows(categories) },
    links: {
      customerService,
      ...appLinks(permission.resources, permission.mainDomain, language),
      imageCDNs: permission.imageCDNs,
      launchGameCDNs: permission.launchGameCDNs,
    },
    forms: forms(inputs, flags),
  });
  const version = contentVersion(config);
  // Outside the hash: a change elsewhere moves configVersion but not this audience's content version.
  return { version, configVersion: inputs.configVersion, ...config };
}
