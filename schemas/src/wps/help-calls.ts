import { z } from 'zod';
import { HELP_BODY_MAX, HELP_DEVICES, HELP_SECTIONS, HELP_TITLE_MAX } from '../domain/help.ts';
import { zText } from '../text.ts';
import { VISITOR, declareCall, operatorWith } from './call.ts';
import { ZLanguage } from './calls.ts';
import { ZInstant } from './shapes.ts';

/*
 * The help centre (docs/0109, docs/rules/content.md#c-12): the texts of /help and of the help-centre
 * modal, per section, language and device, written by the operator's content role. The terms (#term)
 * stay in the web's help texts: the registration links them and they carry the form's minimum age.
 */

export { HELP_BODY_MAX, HELP_DEVICES, HELP_SECTIONS, HELP_TITLE_MAX, type THelpDevice, type THelpSectionKey } from '../domain/help.ts';
export const ZHelpSectionKey = z.enum(HELP_SECTIONS);
export const ZHelpDevice = z.enum(HELP_DEVICES);

export const HELP_PATHS = {
  /** GET ?lang=&device=: every section in one language for one device (visitors too). */
  centre: '/wps/help/centre',
  /** GET: every text of every section, language and device; PUT: one of them (content.write). */
  operatorHelp: '/wps/operator/help',
} as const;

/**
 * One section as the site shows it. `body` is plain text, never markup: paragraphs are separated by
 * an empty line, a line starting with "- " is a list item, a line starting with "## " a subheading
 * (the web renders them as elements, so an operator's text cannot inject anything).
 */
export const ZHelpSection = z.object({
  section: ZHelpSectionKey,
  title: z.string().max(HELP_TITLE_MAX),
  body: z.string().max(HELP_BODY_MAX),
  updatedAt: ZInstant,
});
export type THelpSection = z.infer<typeof ZHelpSection>;

/** SPEC §7 help centre (body: lang, device WEB); `lang` wins over the Language header, as the catalogue's calls do. */
export const ZHelpCentreQuery = z.object({ lang: ZLanguage.optional(), device: ZHelpDevice.default('WEB') });
export const ZHelpCentre = z.object({ sections: z.array(ZHelpSection).max(HELP_SECTIONS.length) });
export type THelpCentre = z.infer<typeof ZHelpCentre>;

/** One stored text in the console: who changed it last and when (null: the seeded text, never edited). */
export const ZOperatorHelpText = z.object({
  section: ZHelpSectionKey,
  language: ZLanguage,
  device: ZHelpDevice,
  title: z.string().max(HELP_TITLE_MAX),
  body: z.string().max(HELP_BODY_MAX),
  updatedAt: ZInstant,
  updatedBy: z.string().max(200).nullable(),
});
export type TOperatorHelpText = z.infer<typeof ZOperatorHelpText>;
export const ZOperatorHelp = z.object({ texts: z.array(ZOperatorHelpText).max(HELP_SECTIONS.length * HELP_DEVICES.length * 2) });

/** A text to store: both parts required, bounded, no control characters but line breaks in the body. */
export const ZSaveHelpText = z.object({
  section: ZHelpSectionKey,
  language: ZLanguage,
  device: ZHelpDevice,
  title: zText({ max: HELP_TITLE_MAX, min: 1 }),
  body: zText({ max: HELP_BODY_MAX, min: 1, multiline: true }),
});
export type TSaveHelpText = z.infer<typeof ZSaveHelpText>;

/** The public read, in the content area (relayed by the gateway as `content.help`). */
export const HELP_CENTRE_CALL = declareCall({
  method: 'GET',
  path: HELP_PATHS.centre,
  moduleId: 'HELPCENTRE',
  input: ZHelpCentreQuery,
  output: ZHelpCentre,
  audience: VISITOR,
});

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;

/** The console's help texts (docs/0109): every operator who reads the config sees them; the content permission changes them. */
export const OPERATOR_HELP_CALLS = {
  helpTexts: declareCall({ ...SERVE, method: 'GET', path: HELP_PATHS.operatorHelp, output: ZOperatorHelp, audience: operatorWith('config.read') }),
  /** Stores one text (audited before and after); the same text again changes nothing and is not audited. */
  saveHelpText: declareCall({
    ...SERVE,
    method: 'PUT',
    path: HELP_PATHS.operatorHelp,
    input: ZSaveHelpText,
    output: ZOperatorHelpText,
    audience: operatorWith('content.write'),
  }),
} as const;
