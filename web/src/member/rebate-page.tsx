import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { useSession } from '../session/session-context.tsx';
import { ratePercent, RewardsPage, useMinorFormat } from './rewards-parts.tsx';
import '../styles/rewards.css';

/** A fresh key per claim attempt: a resend of the same attempt is the same claim (the platform answers it again). */
const newKey = () => `rebate-${crypto.randomUUID()}`;

/**
 * The manualRebate page (docs/0091): the rebate claimable now, by game type at the member's VIP
 * rate, and one button that claims all of it. The header's rebate prompt reads the same query, so
 * a claim hides it.
 */
export default function RebatePage() {
  const ready = useAreaTexts('money');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const money = useMinorFormat();
  const rebates = useQuery(trpc.rewards.rebates.queryOptions(undefined, { staleTime: 0 }));
  const key = useRef(newKey());
  const [done, setDone] = useState<number | null>(null);
  const claim = useMutation({
    mutationFn: () => client.rewards.claimRebate.mutate({ key: key.current }),
    onSuccess: (paid) => {
      key.current = newKey();
      setDone(paid.amountMinor);
      session.refreshBalance();
    },
    onSettled: () => qc.invalidateQueries({ queryKey: trpc.rewards.rebates.queryKey() }),
  });

  if (!ready || rebates.isLoading) return <div className="page-loading" aria-busy="true" data-testid="rebate.loading" />;
  const summary = rebates.data;
  if (!summary) return null;
  return (
    <RewardsPage testId="rebate.page" icon="rebate" title={t('rebate_title')}>
      <p className="rewards__note">{t('rebate_intro')}</p>
      {summary.payout === 'automatic' && <p className="rewards__note">{t('rebate_automatic')}</p>}
      {done !== null && (
        <p className="rewards__done" role="status" data-testid="rebate.done">
          {t('rebate_claimed', { amount: money(done) })}
        </p>
      )}
      {summary.lines.length === 0 ? (
        <p className="no-data" data-testid="rebate.none">
          {t('rebate_none')}
        </p>
      ) : (
        <table className="rewards__table" data-testid="rebate.lines">
          <thead>
            <tr>
              <th scope="col">{t('rebate_game_type')}</th>
              <th scope="col">{t('rebate_valid_bet')}</th>
              <th scope="col">{t('rebate_rate')}</th>
              <th scope="col">{t('rebate_amount')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.lines.map((l) => (
              <tr key={l.gameType} data-testid="rebate.line" data-game-type={l.gameType}>
                <th scope="row">{t(`category_${l.gameType.toLowerCase()}`)}</th>
                <td>{money(l.validBetMinor)}</td>
                <td>{ratePercent(l.rateBp, i18n.language)}</td>
                <td data-testid="rebate.line.amount">{money(l.amountMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {summary.totalMinor > 0 && (
        <button type="button" className="btn btn--primary rewards__claim" data-testid="rebate.claim" disabled={claim.isPending} onClick={() => claim.mutate()}>
          {claim.isPending ? t('rebate_claiming') : t('rebate_claim', { amount: money(summary.totalMinor) })}
        </button>
      )}
      {claim.isError && (
        <p className="form__error" role="alert" data-testid="rebate.error">
          {t(errorKey(claim.error))}
        </p>
      )}
      <p className="rewards__note">{t('rebate_valid_note')}</p>
    </RewardsPage>
  );
}
