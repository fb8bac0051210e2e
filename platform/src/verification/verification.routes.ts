import { VERIFICATION_CALLS, WPS_CODES, WPS_MESSAGES } from '@wl/schemas';
import { WpsError } from '../http/envelope.ts';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { featureEnabled, requireFeature } from '../kernel/features.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { checkPhone, membersWithPhone, sendCode } from './verification.service.ts';

/** SMS code calls (docs/rules/accounts.md#a-16 SMS code): logged out (login, reset) and for registration; second-factor codes: session.routes (docs/0067). */
export const verificationRoutes = routesOf(VERIFICATION_CALLS, {
  sendSms: async ({ deps, merchant, input: req, ip, request }) => {
    // The purpose's switch: the call alone does not say which applies (call-gates.ts).
    if (req.purpose === 'login') await requireFeature(deps.db, merchant.id, 'MOBILEVERCODELOGIN3');
    if (req.purpose === 'reset') await requireFeature(deps.db, merchant.id, 'CHNGPASSVERIF3');
    const phone = await checkPhone(deps, merchant, req.mobileNum, req.countryDialingCode);
    // Deliver only to a number that can use the code; the answer is the same either way.
    const member = await membersWithPhone(deps.db, merchant.id, phone).select(['id', 'language']).executeTakeFirst();
    const memberId = member?.id ?? null;
    // A code for a member goes in its saved language (docs/0115); the request's only reaches no one.
    const sent = await sendCode(deps, merchant, phone, req.purpose, { deliver: member !== undefined, language: member?.language ?? requestLanguage(request) });
    await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId, username: phone.key, kind: `sms_sent_${req.purpose}`, ip });
    return sent;
  },
  sendRegisterSms: async ({ deps, merchant, input: req, ip, request }) => {
    // A registration code exists where a tab asks for one (smsCodeRequired): the mobile tab, or REGMOBVERF3.
    if (!(await featureEnabled(deps.db, merchant.id, 'MOBILENUMREG3'))) await requireFeature(deps.db, merchant.id, 'REGMOBVERF3');
    const phone = await checkPhone(deps, merchant, req.mobileNum, req.countryDialingCode);
    // Human verification before any SMS goes out (docs/rules/accounts.md#a-18 Registration).
    if (!(await consumeCaptcha(deps, merchant, req.captchaId, req.captcha))) {
      throw new WpsError(WPS_CODES.captchaRequired, WPS_MESSAGES.captchaWrong, { captcha: true });
    }
    const sent = await sendCode(deps, merchant, phone, 'register', { deliver: true, language: requestLanguage(request) });
    await recordAuthEvent(deps.db, { merchantId: merchant.id, username: phone.key, kind: 'sms_sent_register', ip });
    return sent;
  },
});
