/*
 * The help centre's fixed lists and bounds (docs/0109), apart from the wire contract
 * (wps/help-calls.ts) so that the web can import them: no wps module reaches the browser (docs/0022).
 */

/** The sections the operator writes, in the page's order; each is reached as `/help#<section>`. */
export const HELP_SECTIONS = ['about', 'news', 'guide', 'install', 'responsible'] as const;
export type THelpSectionKey = (typeof HELP_SECTIONS)[number];

/**
 * The device a text is written for (SPEC §7: the help-centre call sends `device`, WEB on the site).
 * MOBILE holds a phone's own version where one is written (the installation guide); a section without
 * one answers its WEB text.
 */
export const HELP_DEVICES = ['WEB', 'MOBILE'] as const;
export type THelpDevice = (typeof HELP_DEVICES)[number];

/** Bounds of a section's words: a heading, and a body of paragraphs. */
export const HELP_TITLE_MAX = 120;
export const HELP_BODY_MAX = 20_000;
