import { z } from 'zod';
import { zText } from '../text.ts';
import { declareCall, operatorWith } from './call.ts';
import { ZAnnouncements, ZBanner } from '../domain/content.ts';
import { ZLanguage } from './calls.ts';
import { ZInstant, ZRowId } from './shapes.ts';

/** The longest banner artwork a preview answers inline (an SVG of a title of 120 characters is ~2 KB). */
const PREVIEW_ARTWORK_MAX = 20_000;

/**
 * Operator change sets (docs/0123): a draft of field changes against the merchant's configuration,
 * invisible to members until published; sensitive fields need a second operator's approval; a
 * publish refuses when a field it touches changed since it was drafted; every publish (and every
 * direct change) is a version of the configuration, and restoring one is a new publish.
 */
export const CONFIG_CHANGE_PATHS = {
  drafts: '/wps/operator/config/drafts',
  create: '/wps/operator/config/drafts/create',
  edit: '/wps/operator/config/drafts/edit',
  approve: '/wps/operator/config/drafts/approve',
  publish: '/wps/operator/config/drafts/publish',
  schedule: '/wps/operator/config/drafts/schedule',
  discard: '/wps/operator/config/drafts/discard',
  preview: '/wps/operator/config/drafts/preview',
  previewContent: '/wps/operator/config/drafts/preview/content',
  versions: '/wps/operator/config/versions',
  restore: '/wps/operator/config/versions/restore',
} as const;

/** Message keys of the change sets; the web translates them (operator texts, EN and BN). */
export const CONFIG_CHANGE_MESSAGES = {
  /** A field the merchant's configuration does not have. */
  unknownField: 'config_change_unknown_field',
  /** A value out of the field's bounds, or of the wrong kind. */
  badValue: 'config_change_bad_value',
  /** The draft is published or discarded, or not the caller's. */
  closed: 'config_change_closed',
  /** Fields the draft touches changed since it was drafted (value: { fields }). */
  conflict: 'config_change_conflict',
  /** A sensitive field needs a second operator's approval of this revision first. */
  needsApproval: 'config_change_needs_approval',
  /** The author cannot approve their own draft. */
  ownApproval: 'config_change_own_approval',
  /** The approval names a revision the draft is no longer at (it was edited). */
  staleRevision: 'config_change_stale_revision',
  /** The draft changes nothing. */
  empty: 'config_change_empty',
  /** The scheduled time is not in the future. */
  pastSchedule: 'config_change_past_schedule',
  /** The operator holds as many open drafts as one may (docs/0123). */
  tooMany: 'config_change_too_many',
  /** No such version of this merchant's configuration. */
  unknownVersion: 'config_change_unknown_version',
} as const;

/** A configuration field's name: `system.*`, `security.*`, `agent.*`, `flag.<modId>` or `content.*` (docs/0123, docs/0133). */
export const ZConfigField = z
  .string()
  .max(80)
  .regex(/^[a-z]+\.[A-Za-z0-9_.-]{1,70}$/, CONFIG_CHANGE_MESSAGES.unknownField);
/**
 * A field's value: a switch, a whole number, or a text of the site's content (docs/0133) — at most
 * CONTENT_TEXT_MAX characters, lines allowed, no other control character; each field's own bound
 * is checked by the platform.
 */
export const CONTENT_TEXT_MAX = 1000;
export const ZConfigValue = z.union([
  z.boolean(),
  z.number().int().min(-1_000_000).max(1_000_000),
  zText({ max: CONTENT_TEXT_MAX, trim: false, multiline: true }),
]);
export type TConfigValue = z.infer<typeof ZConfigValue>;
/** A whole configuration (or a draft's changes): field → value. */
export const ZConfigMap = z.record(ZConfigField, ZConfigValue);
export type TConfigMap = z.infer<typeof ZConfigMap>;

const ZComment = zText({ max: 500, min: 3 });
const ZChangeSetId = z.object({ id: ZRowId });

export const ZConfigDraft = z.object({
  id: ZRowId,
  authorId: z.number().int(),
  authorUsername: z.string().max(200),
  status: z.enum(['draft', 'published', 'discarded']),
  revision: z.number().int().positive(),
  changes: ZConfigMap,
  /** Fields whose change needs a second operator's approval. */
  sensitive: z.array(ZConfigField).max(500),
  /** Operators who approved the current revision. */
  approvedBy: z.array(z.string().max(200)).max(50),
  publishAt: ZInstant.nullable(),
  comment: z.string().max(500).nullable(),
  /** Fields a scheduled publish found changed: it waits for a person. */
  blocked: z.array(ZConfigField).max(500).nullable(),
  restoreOf: z.number().int().nullable(),
  versionNumber: z.number().int().nullable(),
  createdAt: ZInstant,
});
export type TConfigDraft = z.infer<typeof ZConfigDraft>;

/**
 * What a direct setter of a sensitive field (the login thresholds, the agent limits, a money or
 * security flag) answers beside the values in force (docs/0127): the draft of the caller's its
 * change waits in for a second operator's approval and the author's publish; null when it changed
 * nothing.
 */
export const ZAwaitingApproval = z.object({ draftId: ZRowId, fields: z.array(ZConfigField).max(50) }).nullable();
export type TAwaitingApproval = z.infer<typeof ZAwaitingApproval>;

export const ZConfigDiffEntry = z.object({ field: ZConfigField, from: ZConfigValue.nullable(), to: ZConfigValue.nullable() });
export const ZConfigVersion = z.object({
  number: z.number().int().positive(),
  /** initial: the configuration found before the first change; direct: a console setter (comment: its audit action); publish: a change set. */
  kind: z.enum(['initial', 'direct', 'publish']),
  authorUsername: z.string().max(200).nullable(),
  approvedByUsername: z.string().max(200).nullable(),
  at: ZInstant,
  comment: z.string().max(500),
  diff: z.array(ZConfigDiffEntry).max(1000),
  restoredFrom: z.number().int().nullable(),
});
export type TConfigVersion = z.infer<typeof ZConfigVersion>;

/** Set or drop fields of a draft; an edit resets its approvals (docs/0123). */
export const ZConfigDraftEditRequest = z.object({
  id: ZRowId,
  set: ZConfigMap.default({}),
  unset: z.array(ZConfigField).max(200).default([]),
});
export const ZConfigDraftApproveRequest = z.object({ id: ZRowId, revision: z.number().int().positive().max(1_000_000) });
export const ZConfigDraftPublishRequest = z.object({ id: ZRowId, comment: ZComment });
export const ZConfigDraftScheduleRequest = z.object({ id: ZRowId, comment: ZComment, at: ZInstant });
export const ZConfigPreviewQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZConfigPreviewContentQuery = ZConfigPreviewQuery.extend({ language: ZLanguage });
/** Announcements as the preview draws them: a banner's artwork is a data address of its SVG. */
export const ZPreviewAnnouncements = ZAnnouncements.extend({
  banners: z.array(ZBanner.extend({ imageUrl: z.string().max(PREVIEW_ARTWORK_MAX) })).max(100),
});
export const ZConfigVersionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) });
export const ZConfigRestoreRequest = z.object({ version: z.number().int().positive().max(2_147_483_647), comment: ZComment });

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
const READ = operatorWith('config.read');

/**
 * The change sets' calls: any console role reads and drafts (config.read); what a draft may touch,
 * approve or publish is checked field by field against the caller's permissions (docs/0123).
 */
export const OPERATOR_CONFIG_CHANGE_CALLS = {
  configDrafts: declareCall({
    ...SERVE,
    method: 'GET',
    path: CONFIG_CHANGE_PATHS.drafts,
    output: z.object({ drafts: z.array(ZConfigDraft).max(100) }),
    audience: READ,
  }),
  configDraftCreate: declareCall({ ...SERVE, method: 'POST', path: CONFIG_CHANGE_PATHS.create, output: ZConfigDraft, audience: READ }),
  configDraftEdit: declareCall({
    ...SERVE,
    method: 'POST',
    path: CONFIG_CHANGE_PATHS.edit,
    input: ZConfigDraftEditRequest,
    output: ZConfigDraft,
    audience: READ,
  }),
  configDraftApprove: declareCall({
    ...SERVE,
    method: 'POST',
    path: CONFIG_CHANGE_PATHS.approve,
    input: ZConfigDraftApproveRequest,
    output: ZConfigDraft,
    audience: READ,
  }),
  configDraftPublish: declareCall({
    ...SERVE,
    method: 'POST',
    path: CONFIG_CHANGE_PATHS.publish,
    input: ZConfigDraftPublishRequest,
    output: ZConfigVersion,
    audience: READ,
  }),
  configDraftSchedule: declareCall({
    ...SERVE,
    method: 'POST',
    path: CONFIG_CHANGE_PATHS.schedule,
    input: ZConfigDraftScheduleRequest,
    output: ZConfigDraft,
    audience: READ,
  }),
  configDraftDiscard: declareCall({ ...SERVE, method: 'POST', path: CONFIG_CHANGE_PATHS.discard, input: ZChangeSetId, output: ZConfigDraft, audience: READ }),
  /** The composed configuration with the draft applied, for its author alone. */
  configPreview: declareCall({
    ...SERVE,
    method: 'GET',
    path: CONFIG_CHANGE_PATHS.preview,
    input: ZConfigPreviewQuery,
    output: z.object({ config: ZConfigMap }),
    audience: READ,
  }),
  /**
   * The site's announcements (banners, notices, popups) with the draft's content fields applied, in
   * one language, for its author alone (docs/0133); a banner's artwork inline, as it will be drawn.
   */
  configPreviewContent: declareCall({
    ...SERVE,
    method: 'GET',
    path: CONFIG_CHANGE_PATHS.previewContent,
    input: ZConfigPreviewContentQuery,
    output: ZPreviewAnnouncements,
    audience: READ,
  }),
  configVersions: declareCall({
    ...SERVE,
    method: 'GET',
    path: CONFIG_CHANGE_PATHS.versions,
    input: ZConfigVersionsQuery,
    output: z.object({ versions: z.array(ZConfigVersion).max(100) }),
    audience: READ,
  }),
  /** A draft that makes the configuration equal to the version; published at once unless it needs an approval. */
  configRestore: declareCall({
    ...SERVE,
    method: 'POST',
    path: CONFIG_CHANGE_PATHS.restore,
    input: ZConfigRestoreRequest,
    output: ZConfigDraft,
    audience: READ,
  }),
} as const;
