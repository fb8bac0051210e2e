import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '@wl/schemas/rules/validate-field';
import { ACCOUNT_MESSAGES } from '@wl/schemas/wps/account-calls';
import { GATE_REFUSALS } from '@wl/schemas/wps/call-gates';
import { AGENT_LIMIT_MESSAGES } from '@wl/schemas/wps/operator-call-set';
import { CHAT_MESSAGES } from '@wl/schemas/wps/chat-calls';
import { TICKET_MESSAGES } from '@wl/schemas/wps/ticket-calls';
import { CONFIG_CHANGE_MESSAGES } from '@wl/schemas/wps/config-change-calls';
import { PATTERN_IDS, REGISTRATION_FIELDS } from '@wl/schemas/domain/merchant';
import accountsBn from './accounts.bn.json';
import accountsEn from './accounts.en.json';
import bn from './bn.json';
import en from './en.json';
import depositBn from './deposit.bn.json';
import depositEn from './deposit.en.json';
import moneyBn from './money.bn.json';
import moneyEn from './money.en.json';
import recordsBn from './records.bn.json';
import recordsEn from './records.en.json';
import siteBn from './site.bn.json';
import siteEn from './site.en.json';
import walletBn from './wallet.bn.json';
import walletEn from './wallet.en.json';
import operatorGamesBn from './operator-games.bn.json';
import operatorGamesEn from './operator-games.en.json';
import operatorEn from './operator.en.json';
import operatorBn from './operator.bn.json';
import operatorAuditBn from './operator-audit.bn.json';
import operatorAuditEn from './operator-audit.en.json';
import operatorFlagsBn from './operator-flags.bn.json';
import operatorFlagsEn from './operator-flags.en.json';
import withdrawBn from './withdraw.bn.json';
import withdrawEn from './withdraw.en.json';
import gamesBn from './games.bn.json';
import lotteryEn from './lottery.en.json';
import lotteryBn from './lottery.bn.json';
import gamesEn from './games.en.json';
import agentBn from './agent.bn.json';
import helpEn from './help.en.json';
import helpBn from './help.bn.json';
import agentEn from './agent.en.json';
import agentReportsBn from './agent-reports.bn.json';
import agentReportsEn from './agent-reports.en.json';
import promotionsBn from './promotions.bn.json';
import promotionsEn from './promotions.en.json';
import { APPLY_MESSAGES } from '@wl/schemas/wps/promotion-apply-calls';
import { OPERATOR_PROMOTION_MESSAGES } from '@wl/schemas/wps/operator-promotion-calls';
import { PROTECTION_MESSAGES } from '@wl/schemas/wps/protection-calls';
import { COMPLIANCE_MESSAGES } from '@wl/schemas/wps/compliance-calls';
import { EMERGENCY_MESSAGES } from '@wl/schemas/wps/emergency-calls';
import { FEEDBACK_MESSAGES } from '@wl/schemas/domain/feedback';
import { OPERATOR_MESSAGE_MESSAGES } from '@wl/schemas/wps/operator-message-calls';
import { POINTS_MESSAGES } from '@wl/schemas/wps/points-calls';

type TTree = { [k: string]: string | TTree };

function flatten(tree: TTree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') acc[key] = v;
    else Object.assign(acc, flatten(v, key));
    return acc;
  }, {});
}

/** Values that are the same in both languages on purpose (brand names, codes). */
const SAME_IN_BOTH: readonly string[] = [];

/** Area texts loaded with their pages (area-texts.ts): every pair listed there is here too. */
const AREAS = {
  accounts: { en: accountsEn, bn: accountsBn },
  money: { en: moneyEn, bn: moneyBn },
  deposit: { en: depositEn, bn: depositBn },
  withdraw: { en: withdrawEn, bn: withdrawBn },
  records: { en: recordsEn, bn: recordsBn },
  site: { en: siteEn, bn: siteBn },
  wallet: { en: walletEn, bn: walletBn },
  operator: { en: operatorEn, bn: operatorBn },
  operatorGames: { en: operatorGamesEn, bn: operatorGamesBn },
  operatorAudit: { en: operatorAuditEn, bn: operatorAuditBn },
  operatorFlags: { en: operatorFlagsEn, bn: operatorFlagsBn },
  games: { en: gamesEn, bn: gamesBn },
  lottery: { en: lotteryEn, bn: lotteryBn },
  agent: { en: agentEn, bn: agentBn },
  help: { en: helpEn, bn: helpBn },
  agentReports: { en: agentReportsEn, bn: agentReportsBn },
  promotions: { en: promotionsEn, bn: promotionsBn },
};

const EN = flatten({ ...(en as TTree), ...Object.assign({}, ...Object.values(AREAS).map((a) => a.en as TTree)) });
const BN = flatten({ ...(bn as TTree), ...Object.assign({}, ...Object.values(AREAS).map((a) => a.bn as TTree)) });

/** Server message keys the gateway sends (WPS_MESSAGES) and the form keys of docs/rules/accounts.md#a-11. */
const SERVER_KEYS = [
  'error_invalid_credentials',
  'error_not_logged_in',
  'error_network',
  'error_captcha_required',
  'error_captcha_wrong',
  'error_account_locked',
  'error_not_member',
  'error_not_agent',
  'error_too_many_requests',
  'error_bad_request',
  'error_unknown',
  'error_forbidden',
  'error_not_found',
  'error_feature_off',
  // Busy (docs/0078): an overloaded platform, or a call past the gateway's deadline, rolled back.
  'error_system_busy',
  'in_need_true_account',
  'not_empty',
  'agent_not_in_team',
  'agent_invitation_not_found',
  'agent_invitation_limit',
  'agent_downline_depth_limit',
  'agent_downline_count_limit',
  // The agent limits' bounds (docs/0064), named per field by the gateway and the platform.
  ...Object.values(AGENT_LIMIT_MESSAGES),
  // The chat room's refusals (docs/0117).
  ...Object.values(CHAT_MESSAGES),
  ...Object.values(APPLY_MESSAGES),
  ...Object.values(OPERATOR_PROMOTION_MESSAGES),
  // The protection area's refusals (docs/0102), and a bet's (docs/0104).
  ...Object.values(PROTECTION_MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m))),
  // The configuration change sets' refusals (docs/0123).
  ...Object.values(CONFIG_CHANGE_MESSAGES),
  // The operator's compliance refusals (docs/0106).
  ...Object.values(COMPLIANCE_MESSAGES),
  // The owner's emergency switch and the member lookup (docs/0122).
  ...Object.values(EMERGENCY_MESSAGES),
  // Member feedback's refusals (docs/0111).
  ...Object.values(FEEDBACK_MESSAGES),
  // The console's message refusals (docs/0112).
  ...Object.values(OPERATOR_MESSAGE_MESSAGES),
  // The points mall's refusals (docs/0113).
  ...Object.values(POINTS_MESSAGES),
  // Reward tickets' and raffles' refusals, the console's included (docs/0120, docs/0126).
  ...Object.values(TICKET_MESSAGES),
  // What the platform answers a switched-off module, maintenance and the region rule (docs/0069).
  ...Object.values(GATE_REFUSALS).map((refusal) => refusal.message),
];

describe('translations', () => {
  it('every EN key has a BN translation', () => {
    expect(Object.keys(EN).filter((k) => !(k in BN) || BN[k]!.trim() === '')).toEqual([]);
  });
  it('every BN key exists in EN', () => {
    expect(Object.keys(BN).filter((k) => !(k in EN))).toEqual([]);
  });
  it('BN text is real Bengali, not the English copied over', () => {
    const same = Object.keys(EN).filter((k) => BN[k] === EN[k] && !SAME_IN_BOTH.includes(k));
    expect(same).toEqual([]);
    const notBengali = Object.entries(BN).filter(([k, v]) => !/[\u0980-\u09FF]/.test(v) && !SAME_IN_BOTH.includes(k));
    expect(notBengali.map(([k]) => k)).toEqual([]);
  });
  it('covers every server message key', () => {
    expect(SERVER_KEYS.filter((k) => !(k in EN) || !(k in BN))).toEqual([]);
  });
  it('lists every area of area-texts.ts, each with the same keys in BN and EN and none of the base catalogue', async () => {
    const { AREA_TEXTS } = await import('./area-texts.ts');
    expect(Object.keys(AREAS).sort()).toEqual(Object.keys(AREA_TEXTS).sort());
    const base = Object.keys(flatten(en as TTree));
    for (const [name, area] of Object.entries(AREAS)) {
      expect(Object.keys(flatten(area.bn as TTree)).sort()).toEqual(Object.keys(flatten(area.en as TTree)).sort());
      expect(Object.keys(flatten(area.en as TTree)).filter((k) => base.includes(k))).toEqual([]);
      // The key that tells useAreaTexts the area is loaded is the area's own.
      expect(AREA_TEXTS[name as keyof typeof AREA_TEXTS].probe in area.en, name).toBe(true);
    }
  });
  it('covers every accounts message key, rule message and pattern message (SPEC §5, §8)', () => {
    const keys = [
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(RULE_MESSAGES),
      ...PATTERN_IDS.flatMap((id) => [`pattern.${id}`, `pattern_exact.${id}`]),
      ...REGISTRATION_FIELDS.map((field) => `reg_field_${field}`),
      // docs/rules/accounts.md#a-16 phone authentication messages.
      'phone_invalid_format',
      'phone_enter_valid',
      'sms_too_many_requests',
      'sms_unknown_error',
      'verification_code_invalid',
      'verification_code_missing',
      'sms_recaptcha_invalid',
      'sms_quota_exceeded',
      'sms_function_disabled',
      'verification_code_expired',
      'sms_popup_closed',
    ];
    expect(keys.filter((k) => !(k in EN) || !(k in BN))).toEqual([]);
  });
  it('keeps the same interpolation placeholders in both languages', () => {
    const vars = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort().join(',');
    expect(Object.keys(EN).filter((k) => vars(EN[k]!) !== vars(BN[k] ?? ''))).toEqual([]);
  });
});
