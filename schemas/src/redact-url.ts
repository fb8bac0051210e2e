/** A URL fit for a message or a log line: its password starred; `unparseable` stands for a URL that does not parse (it may hold one). */
export function redactUrl(url: string, unparseable: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return unparseable;
  }
}
