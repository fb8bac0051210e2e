import { startTransition, useEffect, useState, type ReactElement } from 'react';
import type * as IconSet from './icon-set.tsx';

type TIconSet = typeof IconSet;

let iconSet: TIconSet | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the icon chunk once; a failed load (offline) is tried again by the next icon that mounts. */
function loadIconSet(): void {
  pending ??= import('./icon-set.tsx').then(
    (m) => {
      iconSet = m;
      for (const notify of listeners) notify();
    },
    () => {
      pending = null;
    },
  );
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  loadIconSet();
  return () => listeners.delete(notify);
}

/**
 * An SVG icon by name (decorative: the entry's text or the button's aria-label names it). Until the
 * icon chunk has loaded it holds an empty box of the icon's size, so nothing moves when it arrives.
 */
export function Icon({ name, size = 18, filled = false }: { name: string; size?: number; filled?: boolean }): ReactElement {
  // State, not useSyncExternalStore: a store's change always renders synchronously, so the chunk's
  // arrival redrew every icon of the page in one task. As a transition React yields while it draws.
  const [set, setSet] = useState(() => iconSet);
  useEffect(() => {
    if (set) return;
    const update = () => startTransition(() => setSet(iconSet));
    const unsubscribe = subscribe(update);
    if (iconSet) update();
    return unsubscribe;
  }, [set]);
  if (set === null) return <span className="icon-slot" style={{ width: size, height: size }} aria-hidden="true" />;
  return set.glyph(name, size, filled);
}

/** The icon for an icon name of the ScreenConfig. */
export function iconFor(name: string, size = 18): ReactElement {
  return <Icon name={name} size={size} />;
}
