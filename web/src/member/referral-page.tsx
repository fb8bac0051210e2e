import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReferralFriend } from '@wl/schemas/wps/referral-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { CopyButton, InvitationQr } from '../agent/register-center-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDate } from '../lib/numbers-later.ts';
import { RewardsPage, useMinorFormat } from './rewards-parts.tsx';
import '../styles/rewards.css';
import '../styles/agent-reports.css';
import '../styles/referral.css';

/** The member's referral link: the site's own registration, which carries the code (docs/0097). */
export const referralLink = (code: string) => `${window.location.origin}/register?ref=${encodeURIComponent(code)}`;

/** One friend: masked name, registered date, state, and what is still missing. */
function FriendRow({ f }: { f: TReferralFriend }) {
  const { t, i18n } = useTranslation();
  const money = useMinorFormat();
  return (
    <li className="referral__friend" data-testid="referral.friend" data-state={f.state}>
      <span translate="no" className="referral__name">
        {f.name}
      </span>
      <time dateTime={f.registeredAt}>{localDate(f.registeredAt, i18n.language)}</time>
      <span className={`chip referral__state referral__state--${f.state}`} data-testid="referral.friend.state">
        {t(`referral_state_${f.state}`)}
        {f.state === 'paid' && ` · ${money(f.rewardMinor)}`}
      </span>
      {f.missing.length > 0 && (
        <span className="rewards__note" data-testid="referral.friend.missing">
          {t('referral_missing', { what: f.missing.map((m) => t(`referral_missing_${m}`)).join(', ') })}
        </span>
      )}
    </li>
  );
}

/**
 * The referral page (member centre `referral`, docs/0097): the member's link with copy and QR (size
 * 120, margin 5), the code, the running referral promotion's rules and reward, the friends referred
 * and the total paid.
 */
export default function ReferralPage() {
  const ready = useAreaTexts('promotions', 'money');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const money = useMinorFormat();
  // Settling first (a money call: a friend found qualified is paid), then the read, which moves nothing (docs/0100).
  const { mutate: settle, isIdle, isPending } = useMutation(trpc.referral.settle.mutationOptions());
  useEffect(() => settle(), [settle]);
  const summary = useQuery(trpc.referral.summary.queryOptions(undefined, { staleTime: 0, enabled: !isIdle && !isPending }));
  if (!ready || summary.isPending) return <div className="page-loading" aria-busy="true" data-testid="referral.loading" />;
  if (summary.error) {
    return (
      <p className="form__error" role="alert" data-testid="referral.error">
        {t(errorKey(summary.error))}
      </p>
    );
  }
  const s = summary.data;
  if (!s) return null;
  const link = referralLink(s.code);
  const p = s.promotion;
  return (
    <RewardsPage
      testId="referral.page"
      icon="referral"
      title={t('referral_title')}
      more={
        <section className="card" aria-labelledby="referral-friends">
          <h3 id="referral-friends">{t('referral_friends', { count: s.friendCount })}</h3>
          <p data-testid="referral.total">{t('referral_total_paid', { amount: money(s.totalPaidMinor) })}</p>
          {s.friends.length === 0 ? (
            <p className="no-data" data-testid="referral.none">
              {t('referral_no_friends')}
            </p>
          ) : (
            <ul className="referral__friends" data-testid="referral.friends">
              {s.friends.map((f, i) => (
                <FriendRow key={`${f.registeredAt}-${i}`} f={f} />
              ))}
            </ul>
          )}
        </section>
      }
    >
      {!s.enabled && (
        <p className="rewards__note" data-testid="referral.off">
          {t('referral_off')}
        </p>
      )}
      <div className="referral__share">
        <InvitationQr link={link} testId="referral.qr" alt={t('referral_qr_alt')} />
        <div className="referral__codes">
          <p>
            {t('referral_code')}:{' '}
            <strong translate="no" data-testid="referral.code">
              {s.code}
            </strong>
          </p>
          <p className="referral__link" translate="no" data-testid="referral.link">
            {link}
          </p>
          <CopyButton text={link} label={t('referral_copy')} copied={t('referral_copied')} failed={t('referral_copy_failed')} testId="referral.copy" />
        </div>
      </div>
      {p && (
        <>
          <h3>{p.title}</h3>
          <p data-testid="referral.terms">
            {t('referral_terms', { reward: money(p.rewardMinor), deposit: money(p.minDepositMinor), turnover: money(p.turnoverMinor), days: p.windowDays })}
          </p>
          <p className="rewards__note referral__rules" data-testid="referral.rules">
            {p.rules}
          </p>
        </>
      )}
    </RewardsPage>
  );
}
