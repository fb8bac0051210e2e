import type { z } from 'zod';
import type { ZCaptchaResponse } from '@wl/schemas';

/** The captcha call's answer value. */
export type TCaptchaResponse = z.infer<typeof ZCaptchaResponse>;
