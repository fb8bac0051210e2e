import { z } from 'zod';
import { zSecret, zText } from '../text.ts';
import { ZSmsSendResponse } from './account-calls.ts';

/**
 * docs/0033: binding a mobile number or an email address in the security centre. A code goes
 * to the new address (SMS or email outbox); the address is bound when the code comes back. Changing
 * an address already bound also needs the login password, so a stolen session cannot move the
 * account's recovery channel. Paths are ours.
 */
export const CONTACT_PATHS = {
  /** POST: send a code to the new mobile number or email address. */
  bindCode: '/wps/member/security/bindCode',
  /** POST: bind it with the code (and the login password when one is bound already). */
  bind: '/wps/member/security/bind',
} as const;

/** Message keys of contact binding; the web translates them (money area texts). */
export const CONTACT_MESSAGES = {
  emailInvalid: 'email_invalid',
  emailEnterValid: 'email_enter_valid',
  contactUnchanged: 'contact_unchanged',
  passwordRequired: 'bind_password_required',
  passwordWrong: 'bind_password_wrong',
  mobileTaken: 'mobile_taken',
} as const;

export const CONTACT_CHANNELS = ['mobile', 'email'] as const;
export const ZContactChannel = z.enum(CONTACT_CHANNELS);
export type TContactChannel = z.infer<typeof ZContactChannel>;

/** Email as the registration rule has it (5–50 characters, one @, a dot in the domain). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZEmail = zText({ max: 50 });

/** Where a code goes: a number with its dialing code, or an email address. */
export const ZContactTarget = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('mobile'), countryDialingCode: zText({ max: 8 }), mobileNum: zText({ max: 32 }) }),
  z.object({ channel: z.literal('email'), email: ZEmail }),
]);
export type TContactTarget = z.infer<typeof ZContactTarget>;

export const ZBindCodeRequest = ZContactTarget;
export type TBindCodeRequest = TContactTarget;
export const ZBindCodeResponse = ZSmsSendResponse;

/** The code, and the login password when the channel already has an address bound. */
export const ZBindContactRequest = z.intersection(ZContactTarget, z.object({ code: zText({ max: 16 }), password: zSecret(128).optional() }));
export type TBindContactRequest = z.infer<typeof ZBindContactRequest>;
export const ZBindContactResponse = z.object({ channel: ZContactChannel, masked: z.string().max(300) });
export type TBindContactResponse = z.infer<typeof ZBindContactResponse>;
