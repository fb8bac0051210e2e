/**
 * The pages `pnpm lighthouse` measures (docs/0086) and the signed-in session the member's pages
 * load with. The web keeps a member's session in sessionStorage (`token`, web/src/session), which
 * lives in one tab: Lighthouse's tab gets it from a script Chromium runs before each document's
 * own, as a member who signed in earlier in that tab has it. The session comes from a real login
 * through the gateway (`session.login`, the call the login popup sends).
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type TLighthousePage = {
  /** Short name, printed and accepted by LIGHTHOUSE_PAGES. */
  name: string;
  path: string;
  /** Loads with the demo member signed in. */
  signedIn: boolean;
  /** Performance score goal (docs/rules/reach.md: home; docs/0086: the others). */
  goal: number;
};

/** Home as a first-time visitor; the member's everyday pages signed in as demo_member. */
export const LIGHTHOUSE_PAGES: readonly TLighthousePage[] = [
  { name: 'home', path: '/', signedIn: false, goal: 95 },
  { name: 'game centre', path: '/rng', signedIn: true, goal: 90 },
  { name: 'deposit', path: '/member/depositv2', signedIn: true, goal: 90 },
  { name: 'records', path: '/member/transactionHistory', signedIn: true, goal: 90 },
  { name: 'promotions', path: '/promotions', signedIn: true, goal: 90 },
];

/** `LIGHTHOUSE_PAGES=home,deposit` keeps only those pages (names as above); unset: all of them. */
export function selectedPages(filter = process.env.LIGHTHOUSE_PAGES): readonly TLighthousePage[] {
  if (!filter) return LIGHTHOUSE_PAGES;
  const names = filter.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !LIGHTHOUSE_PAGES.some((p) => p.name === n));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_PAGES: no page named ${unknown.join(', ')}`);
  return LIGHTHOUSE_PAGES.filter((p) => names.includes(p.name));
}

const MEMBER = { username: 'demo_member', password: 'Demo1234' } as const;

/**
 * Session-storage marks of a closed announcement popup (flows ANNOUNCEMENT_SEEN_KEYS): a member
 * who signed in earlier in the tab has seen it, and it shows once per session.
 */
const ANNOUNCEMENT_SEEN = ['announcementPopup.user', 'announcementPopup.visitor'] as const;

/** The session-storage entries of the demo member signed in through the site at `base` (its login call, over HTTP). */
export async function memberSessionEntries(base: string): Promise<[string, string][]> {
  const res = await fetch(`${base}/trpc/session.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: MEMBER.username, password: MEMBER.password }),
  });
  const body = (await res.json()) as { result?: { data: { kind: string; token?: string } }; error?: unknown };
  const token = body.result?.data.token;
  if (!token) throw new Error(`login of ${MEMBER.username} failed: ${JSON.stringify(body.error ?? body.result)}`);
  return [['token', token], ['username', MEMBER.username], ['account', MEMBER.username], ...ANNOUNCEMENT_SEEN.map((key): [string, string] => [key, 'true'])];
}

/** The part of puppeteer-core used here. */
export type TPuppeteerPage = {
  evaluateOnNewDocument(fn: (entries: [string, string][]) => void, entries: [string, string][]): Promise<unknown>;
  close(): Promise<void>;
};
type TPuppeteer = {
  connect(opts: { browserURL: string; defaultViewport: null }): Promise<{ newPage(): Promise<TPuppeteerPage>; disconnect(): Promise<void> }>;
};

/** Loads a module lighthouse depends on (not a dependency of ours): the copy lighthouse uses. */
export async function importFromLighthouse<T>(name: string): Promise<T> {
  const fromLighthouse = createRequire(fileURLToPath(import.meta.resolve('lighthouse')));
  return (await import(pathToFileURL(fromLighthouse.resolve(name)).href)) as T;
}

/**
 * A tab of the Chromium on `port` whose documents start with `entries` in sessionStorage, for
 * Lighthouse to load a signed-in page in; `done` closes it.
 */
export async function signedInTab(port: number, entries: [string, string][]) {
  const puppeteer = await importFromLighthouse<TPuppeteer>('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const page = await browser.newPage();
  await page.evaluateOnNewDocument((saved) => {
    // Runs in the page (bench has no DOM types): the page's sessionStorage.
    const store = (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).sessionStorage;
    try {
      for (const [key, value] of saved) if (store.getItem(key) === null) store.setItem(key, value);
    } catch {
      // about:blank, where Lighthouse starts, has no storage.
    }
  }, entries);
  return {
    page,
    done: async () => {
      await page.close();
      await browser.disconnect();
    },
  };
}
