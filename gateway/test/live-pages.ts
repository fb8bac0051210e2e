import http from 'node:http';
import { LIVE_CONFIG_PATH } from '../src/live/config-streams.ts';
import type { THarness } from './harness.ts';

/** One open page of the live config stream, read over a raw socket like a browser's EventSource. */
export type TLivePage = {
  /** Versions received, in order. */
  versions: number[];
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves once this page has received `version`. */
  reached(version: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Opens a page on `baseUrl`'s live stream; resolves once the answer's headers arrived. */
export function openPage(url: string, headers: Record<string, string> = {}): Promise<TLivePage> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res) => {
      const waiting = new Map<number, (() => void)[]>();
      let endPage!: () => void;
      const page: TLivePage = {
        versions: [],
        status: res.statusCode ?? 0,
        headers: res.headers,
        reached(version) {
          if (page.versions.includes(version)) return Promise.resolve();
          return new Promise((done) => waiting.set(version, [...(waiting.get(version) ?? []), done]));
        },
        ended: new Promise((done) => (endPage = done)),
        close: () => req.destroy(),
      };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(event);
          if (!id) continue;
          const version = Number(id[1]);
          page.versions.push(version);
          for (const done of waiting.get(version) ?? []) done();
          waiting.delete(version);
        }
      });
      res.on('end', () => endPage());
      res.on('error', () => endPage());
      resolve(page);
    });
  });
}

/** Opens `count` pages, a few hundred at a time (the listen backlog is not what a test is about). */
export async function openPages(url: string, count: number): Promise<TLivePage[]> {
  const pages: TLivePage[] = [];
  for (let i = 0; i < count; i += 200) {
    pages.push(...(await Promise.all(Array.from({ length: Math.min(200, count - i) }, () => openPage(url)))));
  }
  return pages;
}

/**
 * Sets a flag as the operator and waits until the gateway has taken the change in: the operator's
 * call returns once committed (docs/0021), and an open page of the live stream hears the version
 * after the gateway has refetched its inputs and cleared its caches.
 */
export async function setFlagSeen(h: THarness, operatorToken: string, modId: string, enabled: boolean): Promise<void> {
  const page = await openPage(h.baseUrl + LIVE_CONFIG_PATH);
  try {
    const { version } = await h.client({ token: operatorToken }).operator.setFlag.mutate({ modId, enabled });
    await page.reached(version);
  } finally {
    page.close();
  }
}
