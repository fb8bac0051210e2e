import type { THomeMenuEntry } from '@wl/schemas';
import { useUi } from '../app/ui-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { useLabel } from './vendor-row.tsx';

const ICONS: Record<string, string> = { HOME: '🏠', FAV: '♥', MXWIN: '🎰', LIVE: '🎥', RNG: '🎰', SPORTS: '⚽', ESPORTS: '🎮', LOTT: '🎱', ELOTT: '🎲', PVP: '🃏', FISH: '🐟', COCKFIGHT: '🐓', CRASH: '🚀' };

/** Game menu (SPEC §2): HOME, FAV, then categories; FAV while logged out opens the login popup. */
export function GameMenu({ entries, selected, onSelect }: { entries: readonly THomeMenuEntry[]; selected: string; onSelect: (key: string) => void }) {
  const ui = useUi();
  const { isLoggedIn } = useSession();
  const label = useLabel();
  return (
    <nav className="game-menu" data-testid="home.menu">
      {entries.map((e) => (
        <button
          key={e.key}
          type="button"
          className={`game-menu__item${selected === e.key ? ' game-menu__item--active' : ''}`}
          data-testid={`home.menu.${e.key}`}
          aria-pressed={selected === e.key}
          onClick={() => {
            if ((e.requiresLogin || e.kind === 'FAV') && !isLoggedIn) ui.openLogin();
            else onSelect(e.key);
          }}
        >
          <span className="game-menu__icon" aria-hidden="true">
            {ICONS[e.key] ?? ICONS[e.gameType ?? ''] ?? '🎲'}
          </span>
          <span>{label(e)}</span>
        </button>
      ))}
    </nav>
  );
}
