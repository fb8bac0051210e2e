import { getRequestToken } from '../session/session-storage.ts';

/**
 * Sends one file's raw bytes to one of the gateway's upload doors (gateway/src/upload/): the
 * session's token, the page's language, `?<idParam>=<id>`. Answers the door's value, or throws an
 * Error whose message is the refusal's key ('error_network' when nothing answered).
 */
export async function postToUploadDoor<T>(path: string, idParam: string, id: number, file: Blob, language: string): Promise<T> {
  const token = getRequestToken();
  const res = await fetch(`${path}?${idParam}=${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-language': language, ...(token ? { authorization: token } : {}) },
    body: file,
  }).catch(() => null);
  if (!res) throw new Error('error_network');
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string; value?: T } | null;
  if (!res.ok || body?.success !== true) throw new Error(body?.message ?? 'error_unknown');
  return body.value as T;
}
