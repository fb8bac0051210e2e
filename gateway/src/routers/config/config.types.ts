import { z } from 'zod';
import { ZLanguage, zText } from '@wl/schemas';

/** `config.screen` input. */
export const ZScreenInput = z.object({ language: ZLanguage });

/** `config.onChange` input; `lastEventId` is filled by the SSE client on reconnect (tracked ids = version). */
export const ZScreenWatchInput = z.object({
  language: ZLanguage,
  lastEventId: zText({ max: 64 }).nullish(),
});
