import { z } from 'zod';
import { OPERATOR_CONFIG_CHANGE_CALLS, ZLanguage, ZScreenConfig } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';
import { VISITOR } from '../config/viewer.ts';

/** `operator.previewScreen` input: the draft and the language of the page. */
export const ZPreviewScreenInput = z.object({ id: OPERATOR_CONFIG_CHANGE_CALLS.configPreview.input.shape.id, language: ZLanguage });

/**
 * `operator.previewScreen`: the site's screen config as a visitor would get it with the draft applied
 * (docs/0123, docs/0131), for the draft's author alone: the platform answers the draft's
 * configuration only to its author (`configPreview`), and the gateway composes it over this brand's
 * current inputs. Never cached, never pushed to other pages: members keep the published config.
 */
export const previewScreen = operatorProcedure
  .input(ZPreviewScreenInput)
  .output(ZScreenConfig)
  .query(async ({ ctx, input }) => {
    const { config } = await ctx.api.call(OPERATOR_CONFIG_CHANGE_CALLS.configPreview, { id: input.id }, callContext(ctx));
    return ctx.screenConfig.previewConfig(VISITOR, input.language, config);
  });
