import { ZLoginRequest, ZLoginResponse, ZMemberInfo } from '@wl/schemas';

/** `session.login` input: SPEC §5 login by username (trimmed, required), captcha once asked for. */
export const ZMemberLoginInput = ZLoginRequest.pick({ username: true, password: true, captcha: true, captchaId: true });

/** `session.login` output: the session token with the member it belongs to. */
export const ZMemberLoginOutput = ZLoginResponse.extend({ member: ZMemberInfo });
