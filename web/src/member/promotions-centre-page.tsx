import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { PromoAction, useMemberPromotions } from '../promotions/promo-action.tsx';
import { RedeemCodeCard } from './redeem-code.tsx';
import { RewardTicketsCard } from './reward-tickets.tsx';
import { RewardsPage } from './rewards-parts.tsx';
import '../styles/promotions.css';

/**
 * The member centre's promotions (rewardCenter, docs/0096): every promotion with the member's state
 * and its action, the ones to join or claim first; the header's badge counts the same two states.
 * Below them the tickets to open (docs/0120), counted by the badge too, and the code card (docs/0118):
 * codes are not counted, none is claimable without its code.
 */
export default function PromotionsCentrePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { language } = useSettings();
  const content = useQuery(trpc.content.promotions.queryOptions({ language }));
  const mine = useMemberPromotions();
  if (content.error) {
    return (
      <p className="form__error" role="alert" data-testid="promo-centre.error">
        {t(errorKey(content.error))}
      </p>
    );
  }
  if (!content.data || !mine.loaded) return <div className="page-loading" aria-busy="true" data-testid="promo-centre.loading" />;
  const first = (state: string | undefined) => (state === 'claim' || state === 'join' ? 0 : 1);
  const rows = content.data.list.filter((p) => mine.has(p.id)).sort((a, b) => first(mine.get(a.id)?.state) - first(mine.get(b.id)?.state));
  return (
    <RewardsPage
      testId="promo-centre.page"
      icon="promotions"
      title={t('promo_centre_title')}
      more={
        <>
          <RewardTicketsCard />
          <RedeemCodeCard />
        </>
      }
    >
      {rows.length === 0 ? (
        <p className="no-data">{t('promo_centre_empty')}</p>
      ) : (
        <ul className="promo-centre">
          {rows.map((p) => (
            <li key={p.id} className="promo-centre__row" data-testid="promo-centre.row" data-id={p.id}>
              <h3 className="promo__title">{p.title}</h3>
              <PromoAction p={mine.get(p.id)!} />
              <Link to={`/promotions?id=${p.id}`}>{t('promo_centre_rules')}</Link>
            </li>
          ))}
        </ul>
      )}
    </RewardsPage>
  );
}
