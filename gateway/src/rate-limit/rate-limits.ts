/** One limit: at most `limit` hits per fixed window of `windowMs`. */
export type TRateLimitRule = { limit: number; windowMs: number };

/**
 * Procedures the gateway rate-limits (docs/rules/accounts.md; docs/0013 added every other public procedure that
 * writes a row or hashes a password, see docs/0013), by the name used in keys and in RATE_LIMITS.
 */
export const LIMITED_ACTIONS = [
  'login',
  'loginSms',
  'sendSms',
  'verifySecondFactor',
  'register',
  'forgotByEmail',
  'resetByMobile',
  'captcha',
  'freePlay',
  'checkAffiliate',
  'registerSms',
  'smsDaily',
  'resetByLink',
  'changePassword',
  'exchangeToken',
  'resume',
  'operatorLogin',
  'launchTrial',
  /** docs/0029: withdraw password set/change and withdrawal requests (the platform locks too). */
  'withdrawPassword',
  /** docs/0029: proof uploads of a 'not received' answer (5 MB bodies). */
  'proofUpload',
  /** docs/0098: a manual-apply application's images and a promotion's banner (5 MB bodies). */
  'imageUpload',
  /** docs/0033: a code to a new mobile number or email address (security centre), and binding it. */
  'bindCode',
  'bindContact',
  /** docs/0039: a built-in game's page opening its launch ticket, and every call it plays with. */
  'gameOpen',
  'gamePlay',
  /** docs/0042: the crash game's public live state, polled by every open page. */
  'gameLive',
  /** docs/0051: an agent making invitation codes (registerCenter), a row each. */
  'agentInvitation',
  /** docs/0111: a member's feedback sent, or written again on (a row each). */
  'feedback',
  /** docs/0117: a chat room message, a row each. */
  'chatSend',
] as const;
export type TLimitedAction = (typeof LIMITED_ACTIONS)[number];

/** The two limits of an action: per client IP, and per subject (account, mobile number or challenge). */
export type TActionLimits = { ip: TRateLimitRule; subject: TRateLimitRule };
export type TRateLimits = Record<TLimitedAction, TActionLimits>;
export type TRateLimitOverrides = Partial<Record<TLimitedAction, Partial<TActionLimits>>>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Defaults: generous per IP (many members can share one address behind a NAT), tight per subject
 * (what a password guesser or an SMS bomber aims at). They sit above the platform's own rules
 * (lock after 3 failed logins, 5 SMS per number in 15 minutes) so members see the platform's more
 * precise message first; the gateway's limits stop floods before they reach the upstream.
 */
export const DEFAULT_RATE_LIMITS: TRateLimits = {
  login: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  loginSms: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  sendSms: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  verifySecondFactor: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  register: { ip: { limit: 10, windowMs: HOUR }, subject: { limit: 5, windowMs: HOUR } },
  forgotByEmail: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 5, windowMs: 15 * MINUTE } },
  resetByMobile: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  // docs/0013. Actions without a subject (captcha, freePlay) count per IP only; their subject rule is never used.
  captcha: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 30, windowMs: MINUTE } },
  freePlay: { ip: { limit: 5, windowMs: HOUR }, subject: { limit: 5, windowMs: HOUR } },
  checkAffiliate: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 20, windowMs: 15 * MINUTE } },
  // SMS pumping: registration codes go to numbers nobody has proven, so they are the tightest sends.
  registerSms: { ip: { limit: 5, windowMs: HOUR }, subject: { limit: 3, windowMs: HOUR } },
  smsDaily: { ip: { limit: 30, windowMs: 24 * HOUR }, subject: { limit: 10, windowMs: 24 * HOUR } },
  resetByLink: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 5, windowMs: 15 * MINUTE } },
  changePassword: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 5, windowMs: 15 * MINUTE } },
  withdrawPassword: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  proofUpload: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 20, windowMs: 15 * MINUTE } },
  imageUpload: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 20, windowMs: 15 * MINUTE } },
  // Per session: a member binds one or two addresses, not dozens (the daily cap per address applies too).
  bindCode: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 5, windowMs: 15 * MINUTE } },
  bindContact: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  exchangeToken: { ip: { limit: 20, windowMs: MINUTE }, subject: { limit: 3, windowMs: 15 * MINUTE } },
  resume: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 5, windowMs: 15 * MINUTE } },
  // Like member login (docs/0012): the platform's captcha and lock (3 failures) answer first.
  operatorLogin: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 10, windowMs: 15 * MINUTE } },
  // A visitor's free-trial launch writes a ticket row with no account behind it: per IP only.
  launchTrial: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 30, windowMs: MINUTE } },
  // A ticket is single use: opening is per IP only. Play is per game session (its token): five calls a
  // second is more than any player's hand, and a family behind one NAT still plays side by side.
  gameOpen: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 30, windowMs: MINUTE } },
  gamePlay: { ip: { limit: 1200, windowMs: MINUTE }, subject: { limit: 300, windowMs: MINUTE } },
  // A crash page polls about 80 times a minute; thirty pages behind one address (a family, a shared
  // network) still follow the round. The answer is shared per tick, so volume costs the platform little.
  gameLive: { ip: { limit: 2400, windowMs: MINUTE }, subject: { limit: 2400, windowMs: MINUTE } },
  // Per session: an agent makes a handful of codes (at most 50 live, the platform's cap).
  agentInvitation: { ip: { limit: 60, windowMs: MINUTE }, subject: { limit: 30, windowMs: 15 * MINUTE } },
  // Per session: a member writes a few lines, not a flood (the platform also caps the feedback waiting at 10).
  feedback: { ip: { limit: 30, windowMs: MINUTE }, subject: { limit: 5, windowMs: 15 * MINUTE } },
  // Per session: ten lines a minute is a lively talker, not a flood; a room behind one NAT still talks.
  chatSend: { ip: { limit: 120, windowMs: MINUTE }, subject: { limit: 10, windowMs: MINUTE } },
};

/**
 * Actions whose per-subject count is forgotten after a success: a member who logs in correctly
 * starts afresh, while guesses pile up (for changePassword this makes the member's count one of wrong
 * old passwords). Sends, registrations and reset mails count every attempt.
 */
export const RESET_ON_SUCCESS: ReadonlySet<TLimitedAction> = new Set([
  'login',
  'loginSms',
  'verifySecondFactor',
  'resetByMobile',
  'changePassword',
  'operatorLogin',
  'withdrawPassword',
  'bindContact',
]);

/** Defaults with the given overrides applied. */
export function resolveRateLimits(overrides: TRateLimitOverrides = {}): TRateLimits {
  const out = {} as TRateLimits;
  for (const action of LIMITED_ACTIONS) out[action] = { ...DEFAULT_RATE_LIMITS[action], ...overrides[action] };
  return out;
}

const UNIT_MS = { ms: 1, s: 1000, m: MINUTE, h: 60 * MINUTE } as const;

/**
 * Parses `RATE_LIMITS`: comma-separated `<action>.<ip|subject>=<limit>/<window>` with the window in
 * ms, s, m or h, e.g. `login.ip=20/1m,login.subject=10/15m`. Throws a message naming the bad part.
 */
export function parseRateLimits(spec: string): TRateLimitOverrides {
  const out: TRateLimitOverrides = {};
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const match = /^([A-Za-z]+)\.(ip|subject)=(\d{1,9})\/(\d{1,9})(ms|s|m|h)$/.exec(part);
    const action = match?.[1] as TLimitedAction | undefined;
    if (!match || !action || !(LIMITED_ACTIONS as readonly string[]).includes(action)) {
      throw new Error(`RATE_LIMITS: cannot read "${part}" (expected <action>.<ip|subject>=<limit>/<window><ms|s|m|h>, actions: ${LIMITED_ACTIONS.join(', ')})`);
    }
    const limit = Number(match[3]);
    const windowMs = Number(match[4]) * UNIT_MS[match[5] as keyof typeof UNIT_MS];
    if (limit < 1 || windowMs < 1) throw new Error(`RATE_LIMITS: "${part}" needs a limit and a window above 0`);
    out[action] = { ...out[action], [match[2] as 'ip' | 'subject']: { limit, windowMs } };
  }
  return out;
}
