import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { errorKey, useTRPC, useTRPCClient, type AppRouter } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';

/** A promotion with the signed-in member's activity state (promo.list, docs/0096). */
export type TMemberPromotion = inferRouterOutputs<AppRouter>['promo']['list']['list'][number];

/** A fresh key per claim attempt: a resend of the same attempt is the same claim. */
const newKey = () => `promo-${crypto.randomUUID()}`;

/**
 * The signed-in real member's promotions by id; empty for visitors and trial accounts, who see the
 * read-only content only.
 */
export function useMemberPromotions(): ReadonlyMap<number, TMemberPromotion> & { loaded: boolean } {
  const trpc = useTRPC();
  const session = useSession();
  const real = session.isLoggedIn && session.audience !== 'trial';
  const q = useQuery({ ...trpc.promo.list.queryOptions(undefined, { staleTime: 0 }), enabled: real });
  return Object.assign(new Map((real ? (q.data?.list ?? []) : []).map((p) => [p.id, p])), { loaded: q.data !== undefined });
}

/**
 * A promotion's state as a chip and the action it allows: Join (a deposit match), Claim (a bonus on
 * offer), Apply (a link to the detail page, where the application form is). Joining or claiming refreshes the
 * list, member info (the header count) and the balance.
 */
export function PromoAction({ p, detail = false }: { p: TMemberPromotion; detail?: boolean }) {
  const { t, i18n } = useTranslation();
  // The bonus refusals' words (bonus_one_active, …) are the money area's, a closed account's
  // (protection_excluded) the deposit area's: they load beside the list.
  useAreaTexts('money', 'deposit');
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const key = useRef(newKey());
  const settle = () => {
    void qc.invalidateQueries({ queryKey: trpc.promo.list.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.member.pathKey() });
  };
  const join = useMutation({ mutationFn: () => client.promo.join.mutate({ promotionId: p.id }), onSettled: settle });
  const claim = useMutation({
    mutationFn: () => client.promo.claim.mutate({ promotionId: p.id, key: key.current }),
    onSuccess: () => {
      key.current = newKey();
      session.refreshBalance();
    },
    onSettled: settle,
  });
  const money = (minor: number) => formatMinor(minor, i18n.language, session.balance?.currencySymbol ?? '');
  const failed = join.error ?? claim.error;
  const busy = join.isPending || claim.isPending;
  return (
    <div className="promo__action" data-testid="promotions.state" data-state={p.state}>
      <span className={`chip promo__state promo__state--${p.state}`}>{t(`promo_state_${p.state}`)}</span>
      {p.bonusMinor !== null && <span className="promo__bonus">{t('promo_bonus', { amount: money(p.bonusMinor) })}</span>}
      {p.state === 'join' && (
        <button type="button" className="btn btn--primary" data-testid="promotions.join" disabled={busy} onClick={() => join.mutate()}>
          {t('promo_join')}
        </button>
      )}
      {p.state === 'claim' && (
        <button type="button" className="btn btn--primary" data-testid="promotions.claim" disabled={busy} onClick={() => claim.mutate()}>
          {t('promo_claim')}
        </button>
      )}
      {/* A manual-apply promotion's form is on its detail page (docs/0098): the list links there. */}
      {p.state === 'apply' && !detail && (
        <Link className="btn btn--primary" to={`/promotions?id=${p.id}`} data-testid="promotions.apply">
          {t('promo_state_apply')}
        </Link>
      )}
      {failed && (
        <p className="form__error" role="alert" data-testid="promotions.action-error">
          {t(errorKey(failed))}
        </p>
      )}
    </div>
  );
}
