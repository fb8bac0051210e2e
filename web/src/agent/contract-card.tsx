import { Trans, useTranslation } from 'react-i18next';
import type { TContract } from '@wl/schemas/wps/contract-calls';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey } from '../api/trpc.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { useSession } from '../session/session-context.tsx';
import { TermsView } from './contract-terms.tsx';

export type TAction = 'accept' | 'reject' | 'terminate' | 'confirmTermination' | 'declineTermination' | 'withdraw';

/** The message of a refusal: the first field the server named, else its message key. */
export const failure = (err: unknown) => inputIssuesOf(err)[0]?.message ?? errorKey(err);
export const when = (iso: string | null, language: string) => (iso ? localDateTime(iso, language) : '');

/** The actions a side may take on a contract in its state (the server checks the same, docs/0049). */
export function actionsFor(c: TContract, side: 'holder' | 'upline'): TAction[] {
  if (c.state === 'new') return side === 'holder' ? ['accept', 'reject'] : ['withdraw'];
  if (c.state === 'accepted' && c.upline !== null) return ['terminate'];
  if (c.state === 'termination' && c.terminationBy !== side) return ['confirmTermination', 'declineTermination'];
  return [];
}

/** A contract with its state, its terms, the other side and the buttons of what may happen next. */
export function ContractCard({
  contract,
  side,
  testId,
  pending,
  onAct,
}: {
  contract: TContract;
  side: 'holder' | 'upline';
  testId: string;
  pending: boolean;
  onAct: (c: TContract, a: TAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const other =
    side === 'holder'
      ? contract.upline
        ? `${contract.upline.nickname} (${contract.upline.username})`
        : t('contract_operator')
      : `${contract.holder.nickname} (${contract.holder.username})`;
  const status =
    contract.state === 'termination'
      ? t(`contract_termination_by_${contract.terminationBy === side ? 'me' : 'other'}`)
      : contract.endReason
        ? t(`contract_end_${contract.endReason}`)
        : t(`contract_state_${contract.state}`);
  return (
    <div className="contract-card" data-testid={testId} data-state={contract.state} data-username={contract.holder.username}>
      <div className="agent-content__row">
        <strong>
          <Trans i18nKey={side === 'holder' ? 'contract_from' : 'contract_to'} values={{ name: other }} components={{ name: <span translate="no" /> }} />
        </strong>
        <span className={`contract-card__state is-${contract.state}`} data-testid={`${testId}-state`}>
          {status}
        </span>
      </div>
      <TermsView terms={contract.terms} currency={session.balance?.currencySymbol ?? ''} testId={`${testId}-terms`} />
      <p className="money__hint">
        {t('contract_offered_at', { time: when(contract.offeredAt, i18n.language) })}
        {contract.acceptedAt ? ` · ${t('contract_accepted_at', { time: when(contract.acceptedAt, i18n.language) })}` : ''}
        {contract.endedAt ? ` · ${t('contract_ended_at', { time: when(contract.endedAt, i18n.language) })}` : ''}
      </p>
      <div className="contract-card__actions">
        {actionsFor(contract, side).map((a) => (
          <button
            key={a}
            type="button"
            className={`btn btn--small ${a === 'accept' || a === 'confirmTermination' ? 'btn--primary' : 'btn--ghost'}`}
            data-testid={`${testId}-${a}`}
            disabled={pending}
            onClick={() => onAct(contract, a)}
          >
            {t(`contract_action_${a}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
