import { describe, expect, it } from 'vitest';
import { CONTRACT_KINDS, CONTRACT_STATES, DIVIDEND_PERIODS } from '@wl/schemas/domain/contracts';
import { CONTRACT_ACTIONS, CONTRACT_MESSAGES } from '@wl/schemas/wps/contract-calls';
import bn from '../i18n/agent.bn.json';
import en from '../i18n/agent.en.json';
import { parseRate, parseThreshold, rateText } from './contract-terms.tsx';

// Every message the contract calls send and every state, action, kind and period the contract pages
// show has its text in both languages (docs/0049); the rate and amount fields read what agents type.
describe('contract texts and inputs', () => {
  it('translates every contract message, state, end reason, action, kind and period in EN and BN', () => {
    const keys = [
      ...Object.values(CONTRACT_MESSAGES).filter((k) => k.startsWith('contract_')),
      'contract_rate_invalid',
      'contract_amount_invalid',
      'contract_tiers_missing',
      'contract_tiers_too_many',
      ...CONTRACT_STATES.map((s) => `contract_state_${s}`),
      ...['rejected', 'terminated', 'withdrawn', 'replaced', 'auto'].map((r) => `contract_end_${r}`),
      ...CONTRACT_ACTIONS.map((a) => `contract_action_${a}`),
      ...CONTRACT_KINDS.flatMap((k) => [`contract_kind_${k}`, `contract_title_${k}`, `contract_intro_${k}`]),
      ...DIVIDEND_PERIODS.map((p) => `contract_period_${p}`),
    ];
    expect(keys.filter((k) => !(k in en) || !(k in bn))).toEqual([]);
  });

  it('reads rates as percent with two decimals and thresholds in taka', () => {
    expect([
      parseRate('0.4'),
      parseRate('0.40'),
      parseRate('12'),
      parseRate('100'),
      parseRate('100.01'),
      parseRate('0.401'),
      parseRate('-1'),
      parseRate(''),
    ]).toEqual([40, 40, 1_200, 10_000, null, null, null, null]);
    expect(rateText(40, 'en')).toBe('0.40%');
    expect(rateText(40, 'bn')).toBe('০.৪০%');
    expect(rateText(10_000, 'en')).toBe('100.00%');
    expect(rateText(10_000, 'bn')).toBe('১০০.০০%');
    expect([parseThreshold(''), parseThreshold('0'), parseThreshold('0.00'), parseThreshold('1,000.5'), parseThreshold('1e3')]).toEqual([
      0,
      0,
      0,
      100_050,
      null,
    ]);
    // Bengali digits typed on a Bengali keyboard read the same (docs/0056).
    expect([parseRate('০.৪'), parseRate('১২'), parseThreshold('০'), parseThreshold('১,০০০.৫')]).toEqual([40, 1_200, 0, 100_050]);
  });
});
