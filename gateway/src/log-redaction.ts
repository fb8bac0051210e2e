/** Query parameters that carry secrets: SSE connection params hold the session token (docs/rules/reach.md: secrets never in logs). */
const SECRET_PARAMS = ['connectionParams', 'token', 'ticket', 'resetToken', 'rememberToken'];

/** The URL as it may be logged: secret query values replaced with `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Fastify request serializer that logs no headers and no secret query values. */
export function serializeRequest(req: { method: string; url: string; ip?: string; host?: string }) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}
