import { z } from 'zod';
import { LANGUAGES, MAX_TEXT_LENGTH } from '../constants.ts';

/** Feature flags of docs/rules/reach.md#r-11 (whitelabel modIds). */
export const FEATURE_FLAGS = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'USERNAMEREG3',
  'CHNGPASSVERIF3',
  'AGENTPOLICY3',
] as const;
export type TFeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Agent centre modIds (UPSTREAM-NOTES) mapped to the page each gates. */
export const AGENT_PAGE_MODULES = {
  agentAnnouncement: 'AGENTANNOUNCE3',
  agentTeamOverview: 'AGEINFO3',
  registerCenter: 'REGCEN',
  downlineManagmentView: 'DOWNMAN',
  personalHistoryCopy: 'TRANSBETREPMEM3',
  palStatementsAgentCopy: 'AGETEAMPNL3',
  agentRevenueReport: 'AGEREV3',
  agentDownlineTransactionDetailsCopy: 'AGEDOWNTRANS3',
  agentDividendRecordCopy2: 'DIVIDEND',
  agentDailyWages2: 'DAYSAL',
  agentHourSalary: 'HOURSAL3',
  agentRealtimeSalary: 'RTSALARY3',
} as const;
export type TAgentPage = keyof typeof AGENT_PAGE_MODULES;

/** Member centre pages in the order the real site uses (UPSTREAM-NOTES), each with its modId. */
export const MEMBER_PAGE_MODULES = {
  securityCenter: 'SECCEN3',
  transferFund: 'TRANSFUND3',
  depositv2: 'DEPOSIT3',
  withdraw: 'WITHDRAW3',
  personalHistoryCopy: 'BETHIST3',
  transactionHistory: 'TRANSHIST3',
  personalProfit: 'PROFIT3',
  transferUpline: 'TRANSUP3',
  rewardCenter: 'REWARD3',
  referral: 'REFERRAL3',
  bonusDetails: 'BONUS3',
  missionLeaderboard: 'MISSION3',
  messageV2: 'MESSAGE3',
  manualRebate: 'REBATE3',
} as const;
export type TMemberPage = keyof typeof MEMBER_PAGE_MODULES;

/** A whitelabel node: modId with enabled '1' or '0' and children (docs/rules/content.md#c-1 Permission info). */
export type TWhitelabelNode = {
  modId: string;
  name: string;
  enabled: '1' | '0';
  childrenNodes: TWhitelabelNode[];
};
export const ZWhitelabelNode: z.ZodType<TWhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string().min(1).max(64),
    name: z.string().max(MAX_TEXT_LENGTH),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(ZWhitelabelNode),
  }),
);

export const ZCustomerServiceEntry = z.object({
  csType: z.string().max(32),
  /** Encrypted; see wps/cs-link.ts (docs/rules/content.md#c-5: the last 8 characters are the key). */
  path: z.string().max(2000),
});
export type TCustomerServiceEntry = z.infer<typeof ZCustomerServiceEntry>;

export const ZResourceEntry = z.object({
  labelNameEn: z.string().max(MAX_TEXT_LENGTH),
  resourceType: z.string().max(32),
  url: z.string().max(500),
});
export type TResourceEntry = z.infer<typeof ZResourceEntry>;

/** Pattern kinds of docs/rules/accounts.md#a-11; see rules/ for the validators. */
export const PATTERN_IDS = [
  'LENGTH_ONLY',
  'LETTER_FIRST_ALNUM',
  'DIGITS_WITH_LETTERS',
  'EMAIL',
  'ALNUM_NO_SPECIAL',
  'DIGITS_ONLY',
  'ALNUM_WITH_UPPER',
  'ENGLISH_LETTERS_SPACES',
  'NO_SPACES',
  'THAI_ONLY',
  'KOREAN_ONLY',
  'DATE_YMD',
  'DATE_MDY',
] as const;
export const ZPatternId = z.enum(PATTERN_IDS);
export type TPatternId = z.infer<typeof ZPatternId>;

/** Registration fields of docs/rules/README.md#fields. */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
] as const;
export const ZRegistrationField = z.enum(REGISTRATION_FIELDS);
export type TRegistrationField = z.infer<typeof ZRegistrationField>;

/** A server validation rule for one field (docs/rules/accounts.md#a-11). acceptedPattern '*' matches anything. */
export const ZValidationRule = z.object({
  field: z.string().min(1).max(64),
  acceptedPattern: z.string().max(500),
  minLength: z.number().int().nonnegative(),
  maxLength: z.number().int().positive(),
  patternId: ZPatternId,
});
export type TValidationRule = z.infer<typeof ZValidationRule>;

export const ZRegistrationFieldSetting = z.object({
  field: ZRegistrationField,
  enabled: z.boolean(),
  required: z.boolean(),
});
export type TRegistrationFieldSetting = z.infer<typeof ZRegistrationFieldSetting>;

export const ZRegistrationSettings = z.object({
  fields: z.array(ZRegistrationFieldSetting),
  minAge: z.number().int().min(0).max(99),
  /** Minutes an SMS code stays valid; the send countdown is this × 60 s (docs/rules/accounts.md#a-16). */
  smsExpiredMinutes: z.number().int().positive(),
  defaultCountryDialingCode: z.string().max(8),
  countries: z.array(z.object({ countryCode: z.string().max(4), countryDialingCode: z.string().max(8) })),
});
export type TRegistrationSettings = z.infer<typeof ZRegistrationSettings>;

/** docs/0122: what the owner's emergency switch stops: every new launch and bet, or every money movement. */
export const EMERGENCY_PARTS = ['gaming', 'money'] as const;
export const ZEmergencyPart = z.enum(EMERGENCY_PARTS);
export type TEmergencyPart = z.infer<typeof ZEmergencyPart>;

/** The languages a brand offers, its default first (docs/0136): each of LANGUAGES at most once. */
export const ZBrandLanguages = z
  .array(z.enum(LANGUAGES))
  .min(1)
  .max(LANGUAGES.length)
  .refine((l) => new Set(l).size === l.length);

/**
 * ours (docs/0131): a brand's look, one of a fixed set of palettes the web ships (each checked for
 * contrast in the dark and the light theme), never free colours an operator could make unreadable.
 */
export const BRAND_PALETTES = ['gold', 'emerald', 'ruby'] as const;
export const ZBrandPalette = z.enum(BRAND_PALETTES);
export type TBrandPalette = z.infer<typeof ZBrandPalette>;

/** docs/rules/content.md#c-1 Permission info, answered by /wps/system/domainRoute. */
export const ZPermissionInfo = z.object({
  merchantCode: z.string().max(32),
  merchantName: z.string().max(MAX_TEXT_LENGTH),
  currencySymbol: z.string().max(8),
  customerService: z.array(ZCustomerServiceEntry),
  domainRoute: z.string().max(500),
  mainDomain: z.string().max(500),
  resources: z.array(ZResourceEntry),
  whitelabel: z.array(ZWhitelabelNode),
  registrationRules: z.array(ZValidationRule),
  gtagId: z.string().max(64),
  imageCDNs: z.array(z.string().max(500)),
  launchGameCDNs: z.array(z.string().max(500)),
  location: z.object({ ip: z.string().max(64) }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** ours (docs/0122): the parts the owner stopped in an emergency; absent from an upstream that has no such switch. */
  emergencyStops: z.array(ZEmergencyPart).max(EMERGENCY_PARTS.length).optional(),
  /** ours (docs/0131): the brand's palette; absent from an upstream that has none (the default look). */
  palette: ZBrandPalette.optional(),
  /** ours (docs/0136): the languages the brand's site offers, its default first; absent: both, BN first. */
  languages: ZBrandLanguages.optional(),
});
export type TPermissionInfo = z.infer<typeof ZPermissionInfo>;

/** docs/rules/reach.md#r-10 system status: 0 normal, 1 maintenance, 2 region-restricted. */
export const ZSystemStatus = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ip: z.string().max(64),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

/** The caller's address as the gateway sees it (the region-blocked page shows it, docs/rules/reach.md#r-10). */
export const ZClientIp = z.object({ ip: z.string().max(64) });
export type TClientIp = z.infer<typeof ZClientIp>;
