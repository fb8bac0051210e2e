import { AVATAR_ICON_COUNT, type TAvatarChoice, type TLanguage, type TMemberProfile } from '@wl/schemas';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { maskEmail, maskHandle, maskIdNumber, maskMobile } from '../kernel/masks.ts';
import { avatarUrl, newAvatarKey } from '../kernel/member-keys.ts';

/** The holder name as the security centre shows it (docs/0068): each word's first letter, the rest starred. */
function maskHolder(name: string | null): string | null {
  if (!name?.trim()) return null;
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const letters = Array.from(word);
      return `${letters[0]}${'*'.repeat(Math.max(1, letters.length - 1))}`;
    })
    .join(' ');
}

/**
 * The member's profile (docs/0115): what it registered with, masked as the security centre masks
 * contacts (a stolen session reads no full number, address or identity number), its avatar, its
 * saved language, and who referred it. Always the session's own member: there is no id to ask for.
 */
export async function memberProfile(deps: TPlatformDeps, member: TSessionMember): Promise<TMemberProfile> {
  const db = deps.db;
  const [m, referrer] = await Promise.all([
    db
      .selectFrom('members')
      .select([
        'id',
        'username',
        'nickname',
        'created_at',
        'language',
        'avatar_key',
        'avatar_icon',
        'country_dialing_code',
        'mobile_num',
        'email',
        'bank_holder_name',
        'qq_num',
        'line_id',
        'whatsapp',
        'facebook',
        'wechat',
        'id_number',
        'recommender_id',
        'withdraw_password_hash',
      ])
      .where('id', '=', member.memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referrals')
      .innerJoin('members as referrer', 'referrer.id', 'referrals.referrer_id')
      .select('referrer.nickname')
      .where('referrals.friend_id', '=', member.memberId)
      .executeTakeFirst(),
  ]);
  return {
    id: m.id,
    userName: m.username,
    nickname: m.nickname,
    registeredAt: new Date(m.created_at).toISOString(),
    language: m.language,
    avatarUrl: avatarUrl(m.avatar_key),
    avatarIcon: m.avatar_icon,
    maskedMobile: maskMobile(m.country_dialing_code, m.mobile_num),
    maskedEmail: maskEmail(m.email),
    holderName: maskHolder(m.bank_holder_name),
    maskedIdNumber: maskIdNumber(m.id_number),
    contacts: {
      qqNum: maskHandle(m.qq_num),
      line: maskHandle(m.line_id),
      whatsapp: maskHandle(m.whatsapp),
      facebook: maskHandle(m.facebook),
      wechat: maskHandle(m.wechat),
    },
    recommenderId: m.recommender_id,
    referredBy: maskHandle(referrer?.nickname ?? null),
    withdrawPasswordSet: m.withdraw_password_hash !== null,
  };
}

/** The member's avatar and the designs to choose from (SPEC §7 `GET /wps/member/info/icon`). */
export async function avatarChoice(deps: TPlatformDeps, member: TSessionMember): Promise<TAvatarChoice> {
  const m = await deps.db.selectFrom('members').select(['avatar_key', 'avatar_icon']).where('id', '=', member.memberId).executeTakeFirstOrThrow();
  return { avatarUrl: avatarUrl(m.avatar_key), icon: m.avatar_icon, count: AVATAR_ICON_COUNT };
}

/**
 * Chooses a design (0: back to the generated one). The avatar gets a new random key with it: the
 * old address stops answering and no cache shows the old picture (docs/0115). Audited for the member.
 */
export async function setAvatar(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, icon: number, ip: string): Promise<TAvatarChoice> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('members')
      .set({ avatar_icon: icon, avatar_key: newAvatarKey() })
      .where('id', '=', member.memberId)
      .returning(['avatar_key', 'avatar_icon'])
      .executeTakeFirstOrThrow();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId: member.memberId, action: 'avatar.changed', detail: String(icon), ip });
    return updated;
  });
  return { avatarUrl: avatarUrl(row.avatar_key), icon: row.avatar_icon, count: AVATAR_ICON_COUNT };
}

/** Saves the language the site shows to the member (docs/0115): what the platform writes to it in from now on. */
export async function setLanguage(deps: TPlatformDeps, member: TSessionMember, language: TLanguage): Promise<{ language: TLanguage }> {
  await deps.db.updateTable('members').set({ language }).where('id', '=', member.memberId).execute();
  return { language };
}
