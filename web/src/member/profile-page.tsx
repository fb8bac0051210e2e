import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AVATAR_DESIGNS } from '@wl/schemas/domain/avatars';
import type { TMemberProfile, TProfileContacts } from '@wl/schemas/wps/profile-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { localDate, localDigits } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/profile.css';

/** The contacts the profile lists, in the registration form's order, each with its field's label. */
const CONTACT_FIELDS: readonly (keyof TProfileContacts)[] = ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat'];

/** One choice of the avatar list: design 1…n drawn from the shared table, 0 the generated picture (a plain circle here). */
function AvatarChoiceImage({ icon, initial }: { icon: number; initial: string }) {
  const design = icon === 0 ? null : AVATAR_DESIGNS[icon - 1];
  const gradient = `avatar-choice-${icon}`;
  return (
    // The initial is the member's own name, not text to translate.
    <span translate="no" className="profile__choice-image">
      <svg viewBox="0 0 96 96" width="56" height="56" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={design?.from ?? '#64748b'} />
            <stop offset="1" stopColor={design?.to ?? '#334155'} />
          </linearGradient>
          <clipPath id={`${gradient}-clip`}>
            <circle cx="48" cy="48" r="48" />
          </clipPath>
        </defs>
        <g clipPath={`url(#${gradient}-clip)`}>
          <circle cx="48" cy="48" r="48" fill={`url(#${gradient})`} />
          {design && <path d={design.motif} fill="#fff" fillOpacity=".16" fillRule="evenodd" />}
        </g>
        <text x="48" y="62" textAnchor="middle" fontSize="40" fontWeight="700" fill="#fff">
          {initial}
        </text>
      </svg>
    </span>
  );
}

/**
 * The avatar and its list of designs (docs/0115): choosing one saves it on the server at once, and the
 * header's picture follows (member info is refetched: the picture has a new address).
 */
function AvatarCard({ profile }: { profile: TMemberProfile }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const save = useMutation(
    trpc.profile.setAvatar.mutationOptions({
      onSuccess: async () => {
        await Promise.all([qc.invalidateQueries({ queryKey: trpc.profile.get.queryKey() }), qc.invalidateQueries({ queryKey: trpc.member.info.queryKey() })]);
      },
    }),
  );
  const initial = (profile.nickname || profile.userName).slice(0, 1).toUpperCase();
  const choices = [0, ...AVATAR_DESIGNS.map((_, i) => i + 1)];
  return (
    <section className="card profile__avatar" aria-labelledby="profile-avatar">
      <h2 id="profile-avatar">{t('profile_avatar_title')}</h2>
      <div className="profile__current">
        <img src={profile.avatarUrl} alt={t('profile_avatar_current')} width={72} height={72} data-testid="profile.avatar" data-icon={profile.avatarIcon} />
      </div>
      <fieldset className="profile__choices" disabled={save.isPending}>
        <legend>{t('profile_avatar_choose')}</legend>
        {choices.map((icon) => (
          <button
            key={icon}
            type="button"
            className={`profile__choice${profile.avatarIcon === icon ? ' is-active' : ''}`}
            data-testid={`profile.avatar-choice.${icon}`}
            aria-pressed={profile.avatarIcon === icon}
            aria-label={icon === 0 ? t('profile_avatar_auto') : t('profile_avatar_design', { n: localDigits(String(icon), i18n.language) })}
            onClick={() => save.mutate({ icon })}
          >
            <AvatarChoiceImage icon={icon} initial={initial} />
          </button>
        ))}
      </fieldset>
      {save.isSuccess && (
        <p className="profile__note" role="status" data-testid="profile.avatar-saved">
          {t('profile_avatar_saved')}
        </p>
      )}
      {save.error && (
        <p className="form__error" role="alert" data-testid="profile.avatar-error">
          {t(errorKey(save.error))}
        </p>
      )}
    </section>
  );
}

/** One line of the details: its label and the value (data the member typed is not translated), or a dash. */
function Fact({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId} translate="no">
        {value ?? '—'}
      </dd>
    </>
  );
}

/**
 * The member's profile (docs/0115, reached from the header's avatar): the avatar and its designs,
 * then what the member registered with as the server keeps it (contacts masked), its withdraw
 * password's state and the language the platform writes to it in.
 */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.get.queryOptions(undefined, { staleTime: 0 }));
  if (profile.isPending) return <div className="page-loading" aria-busy="true" data-testid="profile.loading" />;
  if (profile.error) {
    return (
      <p className="form__error" role="alert" data-testid="profile.error">
        {t(errorKey(profile.error))}
      </p>
    );
  }
  const p = profile.data;
  const contacts = CONTACT_FIELDS.filter((field) => p.contacts[field] !== null);
  return (
    <div className="member-content" data-testid="profile.page">
      <AvatarCard profile={p} />
      <section className="card" aria-labelledby="profile-details">
        <h2 id="profile-details">{t('profile_title')}</h2>
        <dl className="money__facts profile__facts">
          <Fact label={t('user_id')} value={String(p.id)} testId="profile.id" />
          <Fact label={t('reg_field_username')} value={p.userName} testId="profile.username" />
          <dt>{t('profile_registered')}</dt>
          <dd data-testid="profile.registered">
            <time dateTime={p.registeredAt}>{localDate(p.registeredAt, i18n.language)}</time>
          </dd>
          <Fact label={t('reg_field_mobileNum')} value={p.maskedMobile} testId="profile.mobile" />
          <Fact label={t('reg_field_email')} value={p.maskedEmail} testId="profile.email" />
          {p.holderName !== null && <Fact label={t('reg_field_payeeName')} value={p.holderName} testId="profile.holder" />}
          {contacts.map((field) => (
            <Fact key={field} label={t(`reg_field_${field}`)} value={p.contacts[field]} testId={`profile.${field}`} />
          ))}
          {p.maskedIdNumber !== null && <Fact label={t('reg_field_idNumber')} value={p.maskedIdNumber} testId="profile.idNumber" />}
          {p.recommenderId !== null && <Fact label={t('reg_field_recommenderId')} value={p.recommenderId} testId="profile.recommenderId" />}
          {p.referredBy !== null && <Fact label={t('profile_referred_by')} value={p.referredBy} testId="profile.referredBy" />}
          <dt>{t('reg_field_paymentPassword')}</dt>
          <dd data-testid="profile.withdraw-password" data-set={p.withdrawPasswordSet}>
            {t(p.withdrawPasswordSet ? 'profile_set' : 'profile_not_set')} · <Link to="/member/securityCenter">{t('member_securityCenter')}</Link>
          </dd>
          <dt>{t('profile_language')}</dt>
          <dd data-testid="profile.language" data-language={p.language}>
            {t(`profile_language_${p.language}`)}
          </dd>
        </dl>
      </section>
    </div>
  );
}
