import type { THomeMenuEntry } from '@wl/schemas';
import { useUi } from '../app/ui-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { Icon } from '../layout/icons.tsx';
import { useLabel } from './vendor-row.tsx';

/** The icon name of a home menu entry: its own key where the icon set knows it, else its category's. */
function menuIconName(e: THomeMenuEntry): string {
  return ['HOME', 'FAV', 'MXWIN'].includes(e.key) || !e.gameType ? e.key.toLowerCase() : e.gameType.toLowerCase();
}

/** Game menu (docs/rules/games.md#g-9): HOME, FAV, then categories; FAV while logged out opens the login popup. */
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
            {/* SVG by name (layout/icon-set.tsx): the entry's key (HOME, FAV, MXWIN), else its category. */}
            <Icon name={menuIconName(e)} size={26} />
          </span>
          <span>{label(e)}</span>
        </button>
      ))}
    </nav>
  );
}
