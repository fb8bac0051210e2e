import { OPERATOR_CONFIG_CHANGE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import {
  approveDraft,
  createDraft,
  discardDraft,
  editDraft,
  listDrafts,
  listVersions,
  previewContent,
  previewDraft,
  publishDraft,
  restoreVersion,
  scheduleDraft,
} from './config-changes.service.ts';

/** Change sets and versions of the merchant's configuration (docs/0123): field permissions are checked in the service. */
export const operatorConfigChangeRoutes = routesOf(OPERATOR_CONFIG_CHANGE_CALLS, {
  configDrafts: (c) => listDrafts(c.deps, c.merchant, c.actor),
  configDraftCreate: (c) => createDraft(c.deps, c.merchant, c.actor, c.ip),
  configDraftEdit: (c) => editDraft(c.deps, c.merchant, c.actor, c.ip, c.input),
  configDraftApprove: (c) => approveDraft(c.deps, c.merchant, c.actor, c.ip, c.input),
  configDraftPublish: (c) => publishDraft(c.deps, c.merchant, c.actor, c.ip, c.input),
  configDraftSchedule: (c) => scheduleDraft(c.deps, c.merchant, c.actor, c.ip, c.input),
  configDraftDiscard: (c) => discardDraft(c.deps, c.merchant, c.actor, c.ip, c.input.id),
  configPreview: (c) => previewDraft(c.deps, c.merchant, c.actor, c.input.id),
  configPreviewContent: (c) => previewContent(c.deps, c.merchant, c.actor, c.input.id, c.input.language),
  configVersions: (c) => listVersions(c.deps, c.merchant, c.actor, c.input.limit),
  configRestore: (c) => restoreVersion(c.deps, c.merchant, c.actor, c.ip, c.input),
});
