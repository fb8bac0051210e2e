import { useTranslation } from 'react-i18next';
import { depositMatchBonusMinor } from '@wl/schemas/domain/promotion-terms/kinds';
import { useMemberPromotions } from '../promotions/promo-action.tsx';

/**
 * What the typed deposit brings under a deposit match the member joined (docs/0096), computed from
 * the match's terms as the approval computes it; nothing without a joined match for this deposit.
 */
export function DepositMatchNote({ typed, money }: { typed: number | null; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const matches = [...useMemberPromotions().values()].flatMap((p) => (p.state === 'signed_up' && p.match ? [p.match] : []));
  if (matches.length === 0) return null;
  const bonus = typed === null ? 0 : Math.max(...matches.map((m) => depositMatchBonusMinor(m, typed)));
  const min = Math.min(...matches.map((m) => m.minDepositMinor));
  return (
    <p className="money__limits" role="status" data-testid="deposit.match">
      {bonus > 0 ? t('deposit_match_bonus', { amount: money(bonus) }) : t('deposit_match_min', { amount: money(min) })}
    </p>
  );
}
