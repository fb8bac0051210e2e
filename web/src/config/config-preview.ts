import { getOperatorToken } from '../session/session-storage.ts';

/**
 * A draft's preview on the site (docs/0131): the console opens `/?configPreview=<draft id>` in the
 * same tab, whose session holds the operator's token; the tab then shows the site as the draft
 * would make it (`operator.previewScreen`, for the draft's author alone) until it leaves the preview.
 * Kept in the tab's session so that the preview lasts while the operator moves around the site.
 */
export const CONFIG_PREVIEW_PARAM = 'configPreview';
const STORAGE_KEY = 'configPreview';

/** The draft this tab previews, or null: none asked, no operator signed in here, or no valid id. */
export function configPreviewId(search: string = location.search): number | null {
  try {
    const asked = new URLSearchParams(search).get(CONFIG_PREVIEW_PARAM);
    if (asked !== null) sessionStorage.setItem(STORAGE_KEY, asked);
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw === null || !/^[1-9]\d{0,9}$/.test(raw) || getOperatorToken() === null) return null;
    const id = Number(raw);
    return id <= 2_147_483_647 ? id : null;
  } catch {
    return null;
  }
}

/** Ends this tab's preview. */
export function leaveConfigPreview(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
