import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { AVATAR_ICON_COUNT } from '../domain/avatars.ts';
import { declareCall, MEMBER, REAL_MEMBER } from './call.ts';
import { ZLanguage } from './calls.ts';
import { ZInstant } from './shapes.ts';

/**
 * The member's profile (docs/0115): what the member registered with, its avatar and the language the
 * platform writes to it in. SPEC §2 puts the profile behind the member panel's avatar change and
 * names the avatar call (`GET /wps/member/info/icon`); the other paths are ours.
 */
export const PROFILE_PATHS = {
  /** GET: the member's details as registered (contacts masked), its avatar and its saved language. */
  profile: '/wps/member/profile',
  /** GET: the avatar and the designs to choose from (SPEC §7); PUT { icon }: choose one. */
  icon: '/wps/member/info/icon',
  /** PUT { language }: the language the site shows, kept for what the platform sends (SMS, e-mail, messages). */
  language: '/wps/member/language',
} as const;

/** A saved language: one the interface offers (as answered). */
export const ZSavedLanguage = z.enum(LANGUAGES);

/** 0 is the generated avatar of the member's key; 1…AVATAR_ICON_COUNT the designs the member may choose. */
export const ZAvatarIcon = z.number().int().min(0).max(AVATAR_ICON_COUNT);

/** The optional registration fields kept as typed (docs/0115), each null when not given. */
export const ZProfileContacts = z.object({
  qqNum: z.string().max(64).nullable(),
  line: z.string().max(64).nullable(),
  whatsapp: z.string().max(64).nullable(),
  facebook: z.string().max(120).nullable(),
  wechat: z.string().max(64).nullable(),
});
export type TProfileContacts = z.infer<typeof ZProfileContacts>;

export const ZMemberProfile = z.object({
  id: z.number().int().positive(),
  userName: z.string().max(64),
  nickname: z.string().max(64),
  registeredAt: ZInstant,
  language: ZSavedLanguage,
  avatarUrl: z.string().max(500),
  avatarIcon: ZAvatarIcon,
  /** Masked as the security centre masks them (docs/0068). */
  maskedMobile: z.string().max(64).nullable(),
  maskedEmail: z.string().max(300).nullable(),
  holderName: z.string().max(100).nullable(),
  /** The ID number with all but its last 4 characters hidden. */
  maskedIdNumber: z.string().max(64).nullable(),
  contacts: ZProfileContacts,
  recommenderId: z.string().max(64).nullable(),
  /** The member whose referral code it registered with (its name masked), or null. */
  referredBy: z.string().max(64).nullable(),
  withdrawPasswordSet: z.boolean(),
});
export type TMemberProfile = z.infer<typeof ZMemberProfile>;

export const ZAvatarChoice = z.object({
  avatarUrl: z.string().max(500),
  icon: ZAvatarIcon,
  /** The designs 1…count the member may choose (0 goes back to the generated one). */
  count: z.literal(AVATAR_ICON_COUNT),
});
export type TAvatarChoice = z.infer<typeof ZAvatarChoice>;
export const ZAvatarRequest = z.object({ icon: ZAvatarIcon }).strict();
/** Language codes in any case, as every call takes them (docs/0015). */
export const ZLanguageRequest = z.object({ language: ZLanguage }).strict();
export const ZLanguageResponse = z.object({ language: ZSavedLanguage });

/**
 * The profile area (docs/0115), relayed whole by the gateway. The profile and the avatar are the
 * member centre's: trial accounts are refused. The language is any live session's, trial too: a
 * trial account gets no message, but its site speaks a language like anyone's.
 */
export const PROFILE_CALLS = {
  get: declareCall({ method: 'GET', path: PROFILE_PATHS.profile, moduleId: 'PROFILE', output: ZMemberProfile, audience: REAL_MEMBER }),
  avatar: declareCall({ method: 'GET', path: PROFILE_PATHS.icon, moduleId: 'PROFILE', output: ZAvatarChoice, audience: REAL_MEMBER }),
  setAvatar: declareCall({ method: 'PUT', path: PROFILE_PATHS.icon, moduleId: 'PROFILE', input: ZAvatarRequest, output: ZAvatarChoice, audience: REAL_MEMBER }),
  setLanguage: declareCall({
    method: 'PUT',
    path: PROFILE_PATHS.language,
    moduleId: 'PROFILE',
    input: ZLanguageRequest,
    output: ZLanguageResponse,
    audience: MEMBER,
  }),
} as const;
