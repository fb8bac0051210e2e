import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createClient, createQueryClient, type AppRouter } from './api/trpc.ts';
import { App } from './app/app.tsx';
import { createI18n, loadLanguage, readLanguage } from './i18n/i18n.ts';
import { yieldToBrowser } from './lib/yield.ts';
import { readSession, SESSION_KEYS } from './session/session-storage.ts';

/** Paths that show home, where the gateway's HTML already holds the home shell (docs/0022). */
const HOME_SHELL_PATHS = new Set(['/', '/index', '/index.html', '/home', '/login', '/register']);

/** Starts the app in #root: language, first data on home paths, then React's first render. */
export async function boot(root: HTMLElement): Promise<void> {
  // Start-up runs as a few short tasks, not one long one: evaluating the boot chunk, the texts and
  // clients, then the first calls (docs/0063).
  await yieldToBrowser();
  // The lite app (docs/0048) in a chunk of its own, beside the first render: out of the first load.
  void import('./lite/lite-app.ts').then((m) => m.startLiteApp());
  const language = readLanguage();
  const i18n = createI18n(language);
  const queryClient = createQueryClient();
  const trpcClient = createClient({ language: () => (i18n.language === 'en' ? 'en' : 'bn') });
  await yieldToBrowser();
  // The HTML's home shell (header and first banner) stays on screen until the first render can show
  // the real page: config and banners come first, so no spinner flashes in between. A failed call
  // is the app's business (its retry screen), not a reason to stay on the shell.
  const first: Promise<unknown>[] = [loadLanguage(i18n, language)];
  if (HOME_SHELL_PATHS.has(window.location.pathname)) {
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
    first.push(
      queryClient.prefetchQuery(trpc.config.screen.queryOptions({ language }, { staleTime: Infinity })),
      queryClient.prefetchQuery(trpc.content.announcements.queryOptions({ language })),
    );
  }
  // A returning member's header tools (a chunk of their own): fetched beside the first calls, so the
  // first render draws the whole header and nothing in it moves under a finger a moment later.
  if (readSession(SESSION_KEYS.token)) first.push(import('./layout/member-header.tsx'));
  await Promise.allSettled(first);
  // A transition render yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App i18n={i18n} queryClient={queryClient} trpcClient={trpcClient} />
      </StrictMode>,
    );
  });
}
