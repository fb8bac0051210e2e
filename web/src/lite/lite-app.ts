import { useSyncExternalStore } from 'react';
import { afterQuiet } from '../lib/use-settled.ts';

/**
 * The installable lite app (docs/rules/reach.md#r-8 app download "lite", docs/0048): registers the
 * service worker the build emits (/sw.js) once the page has loaded, and keeps the browser's install
 * offer (`beforeinstallprompt`) so the side menu's lite entry can make it when the member asks.
 */

/** Chromium's install offer (not in TypeScript's DOM library). */
type TInstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

/** What the lite entry can offer: install now, already running installed, or the browser's own menu. */
export type TLiteAppState = 'installable' | 'installed' | 'browser-menu';

let offer: TInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function standalone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

function state(): TLiteAppState {
  if (installed || standalone()) return 'installed';
  return offer ? 'installable' : 'browser-menu';
}

/** Starts listening for the install offer and registers the worker once the page is quiet (production builds only). */
export function startLiteApp(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the lite entry instead of the browser's own mini bar.
    event.preventDefault();
    offer = event as TInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    notify();
  });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  // Once the page has gone quiet: the worker's start and its copies of the shell's files never
  // compete with the first screen's work (on two cores they took the main thread's CPU, docs/0063).
  afterQuiet(register);
}

/** Makes the browser's install offer; answers whether the member accepted. */
export async function installLiteApp(): Promise<boolean> {
  const event = offer;
  if (!event) return false;
  offer = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
  return outcome === 'accepted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The lite entry's state, re-rendered when the offer comes or goes. */
export function useLiteApp(): TLiteAppState {
  return useSyncExternalStore(subscribe, state, () => 'browser-menu');
}
