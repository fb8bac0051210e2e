import { getRequestToken } from '../session/session-storage.ts';

/**
 * Sends one file's raw bytes to one of the gateway's upload doors (gateway/src/upload/): the
 * session's token, the page's language, `?<idParam>=<id>` (nothing for a door without an id, such as
 * a feedback's images, docs/0111). Answers the door's value, or throws an Error whose message is the
 * refusal's key ('error_network' when nothing answered).
 */
export async function postToUploadDoor<T>(path: string, idParam: string | null, id: number | null, file: Blob, language: string): Promise<T> {
  const token = getRequestToken();
  const res = await fetch(idParam === null ? path : `${path}?${idParam}=${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-language': language, ...(token ? { authorization: token } : {}) },
    body: file,
  }).catch(() => null);
  if (!res) throw new Error('error_network');
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string; value?: T } | null;
  if (!res.ok || body?.success !== true) throw new Error(body?.message ?? 'error_unknown');
  return body.value as T;
}
