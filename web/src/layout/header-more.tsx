import { useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { THeaderEntry } from '@wl/schemas';
import { DisabledEntry, useCategoryChoice, VendorLink } from './header-parts.tsx';
import { Icon } from './icons.tsx';

/** A category under "more": its link, then its vendors (several) in a row beneath, as its drop-down has them. */
function MoreCategory({ entry, done }: { entry: Extract<THeaderEntry, { kind: 'category' }>; done: () => void }) {
  const { vendors, onlyVendor, follow } = useCategoryChoice(entry, done);
  return (
    <div className="more__group">
      {entry.isAvailable ? (
        <NavLink to={entry.path} className="more__link" data-testid={`header.entry.${entry.key}`} onClick={onlyVendor ? (e) => follow(e) : done}>
          {entry.label}
        </NavLink>
      ) : (
        <DisabledEntry testId={`header.entry.${entry.key}`}>{entry.label}</DisabledEntry>
      )}
      {vendors.length > 1 && (
        <div className="more__vendors">
          {vendors.map((v) => (
            <VendorLink key={v.vassalage} vendor={v} follow={follow} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The entries that do not fit the header's width, under "more" (opened by hover, focus or a click;
 * closed by leaving it, Escape or a choice). They keep their test ids and what choosing them does.
 */
export default function MoreEntries({ entries }: { entries: readonly THeaderEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const done = () => setOpen(false);
  return (
    <div
      className="hnav__item"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={done}
      onFocus={() => setOpen(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && done()}
      onKeyDown={(e) => e.key === 'Escape' && done()}
    >
      <button type="button" className="hnav__link hnav__more" data-testid="header.more" aria-expanded={open} onClick={() => setOpen(true)}>
        {t('more')}
        <Icon name="down" size={14} />
      </button>
      {open && (
        <div className="dropdown dropdown--more" data-testid="header.more.list">
          {entries.map((e) =>
            e.kind === 'category' ? (
              <MoreCategory key={e.key} entry={e} done={done} />
            ) : e.isAvailable ? (
              <NavLink key={e.key} to={e.path} end className="more__link" data-testid={`header.entry.${e.key}`} onClick={done}>
                {e.label ?? t(e.labelKey)}
              </NavLink>
            ) : (
              <DisabledEntry key={e.key} testId={`header.entry.${e.key}`}>
                {e.label ?? t(e.labelKey)}
              </DisabledEntry>
            ),
          )}
        </div>
      )}
    </div>
  );
}
