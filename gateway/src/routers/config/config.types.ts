import { z } from 'zod';
import { ZLanguage } from '@wl/schemas';

/** `config.screen` input. */
export const ZScreenInput = z.object({ language: ZLanguage });
