/**
 * The open pages of the live-push bench, in a process of their own (10,000 sockets on each side need
 * their own file descriptors and should not share the gateway's event loop). Each page is one raw
 * HTTP GET that reads SSE `id:` lines. Driven over IPC by bench/live-push.ts:
 *   parent → { type: 'open', url, pages }     child → { type: 'ready', opened, failed }
 *   parent → { type: 'arm' }                  child → { type: 'armed' }
 *   (the operator change happens)             child → { type: 'arrivals', times } once every page saw a new id
 *   (arm, change and arrivals again, as often as the parent measures a change)
 *   parent → { type: 'close' }
 * Times are epoch milliseconds with sub-millisecond precision (performance.timeOrigin + now()), so
 * the two processes compare them.
 */
import http from 'node:http';

type TPage = { firstId: string | null; lastId: string | null; armedId: string | null; arrivedAt: number | null; req: http.ClientRequest };

const now = () => performance.timeOrigin + performance.now();
const pages: TPage[] = [];
let armed = false;
let pending = 0;

function send(message: object): void {
  process.send?.(message);
}

function onId(page: TPage, id: string): void {
  page.firstId ??= id;
  page.lastId = id;
  if (armed && page.arrivedAt === null && id !== page.armedId) {
    page.arrivedAt = now();
    pending--;
    if (pending === 0) send({ type: 'arrivals', times: pages.map((p) => p.arrivedAt) });
  }
}

function open(url: string): Promise<TPage | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } });
    const page: TPage = { firstId: null, lastId: null, armedId: null, arrivedAt: null, req };
    let buffer = '';
    let settled = false;
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        settled = true;
        res.resume();
        resolve(null);
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of event.split('\n')) {
            if (line.startsWith('id:')) onId(page, line.slice(3).trim());
          }
          // Ready once the first id arrived: the page holds the version it starts from.
          if (!settled && page.firstId !== null) {
            settled = true;
            resolve(page);
          }
          end = buffer.indexOf('\n\n');
        }
      });
    });
    req.on('error', () => {
      if (!settled) {
        settled = true;
        resolve(null);
      }
    });
  });
}

process.on('message', (message: { type: string; url?: string; pages?: number }) => {
  void (async () => {
    if (message.type === 'open') {
      let failed = 0;
      // In waves, so the listen backlog is never the limit being measured.
      const wave = 250;
      for (let i = 0; i < (message.pages ?? 0); i += wave) {
        const opened = await Promise.all(Array.from({ length: Math.min(wave, message.pages! - i) }, () => open(message.url!)));
        for (const page of opened) {
          if (page) pages.push(page);
          else failed++;
        }
      }
      send({ type: 'ready', opened: pages.length, failed });
    } else if (message.type === 'arm') {
      armed = true;
      pending = pages.length;
      for (const page of pages) {
        page.armedId = page.lastId;
        page.arrivedAt = null;
      }
      send({ type: 'armed' });
    } else if (message.type === 'close') {
      for (const page of pages) page.req.destroy();
      process.exit(0);
    }
  })();
});
