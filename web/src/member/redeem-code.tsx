import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REWARD_CODE_PATTERN } from '@wl/schemas/domain/reward-code';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { FieldAlert, TextInput } from '../accounts/form-parts.tsx';
import { Icon } from '../layout/icons.tsx';
import { useSession } from '../session/session-context.tsx';
import { useMinorFormat } from './rewards-parts.tsx';

/**
 * The reward centre's code card (docs/0118): a bonus or redeem code typed and redeemed once. A bonus
 * goes to the bonus wallet (linked to the bonus page), cash to the main wallet; a refusal says why.
 * The header's reward badge does not count codes: none is claimable without its code.
 */
export function RedeemCodeCard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const money = useMinorFormat();
  const [code, setCode] = useState('');
  const [badFormat, setBadFormat] = useState(false);
  const redeem = useMutation({
    mutationFn: (typed: string) => client.rewardCodes.redeem.mutate({ code: typed }),
    onSuccess: () => {
      setCode('');
      session.refreshBalance();
      void qc.invalidateQueries({ queryKey: trpc.bonus.pathKey() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    setBadFormat(!REWARD_CODE_PATTERN.test(typed));
    if (REWARD_CODE_PATTERN.test(typed)) redeem.mutate(typed);
  };
  const done = redeem.data;
  const problem = badFormat ? 'reward_code_format' : redeem.error ? errorKey(redeem.error) : null;
  return (
    <section className="card" data-testid="codes.card" aria-labelledby="codes-title">
      <h2 id="codes-title">
        <Icon name="reward" size={20} /> {t('reward_code_title')}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('reward_code_label')}</span>
          <TextInput
            testId="codes.input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            value={code}
            aria-invalid={problem !== null}
            onValue={(v) => {
              setCode(v);
              setBadFormat(false);
            }}
          />
        </label>
        <FieldAlert testId="codes.error" message={problem} />
        <button type="submit" className="btn btn--primary" data-testid="codes.submit" disabled={redeem.isPending}>
          {t('reward_code_submit')}
        </button>
      </form>
      {done && !redeem.isPending && !problem && (
        <p className="form__success" role="status" data-testid="codes.done" data-kind={done.kind}>
          {done.kind === 'cash'
            ? t('reward_code_done_cash', { amount: money(done.amountMinor) })
            : done.held
              ? t('reward_code_done_held', { amount: money(done.amountMinor) })
              : t('reward_code_done_bonus', { amount: money(done.amountMinor) })}{' '}
          {done.kind === 'bonus' && (
            <Link to="/member/bonusDetails" data-testid="codes.bonus-link">
              {t('reward_code_bonus_link')}
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
