import type { MouseEvent as ReactMouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { THeaderEntry, TVendorLink } from '@wl/schemas';
import { useVendors } from '../config/vendors.ts';
import { isModifiedClick, useVendorEntry } from '../launch/use-launch.ts';

/** A header entry whose page is not built yet: shown disabled, never linked (house rule). */
export function DisabledEntry({ testId, children }: { testId: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span className="hnav__link is-disabled" role="link" aria-disabled="true" data-testid={testId} title={t('coming_soon')}>
      {children}
    </span>
  );
}

/**
 * What choosing a category entry or one of its vendors does (docs/rules/games.md#g-2 vendor rules): a
 * VASSALAGE vendor opens its popup game list, a GAME vendor starts its game, a lottery vendor its
 * route, and a category of one vendor (not slots) starts that vendor; the links keep their paths for
 * a new tab or window. `done` closes the menu the choice was made in.
 */
export function useCategoryChoice(entry: Extract<THeaderEntry, { kind: 'category' }>, done: () => void) {
  const choose = useVendorEntry();
  const vendors = useVendors().links(entry.vendorCodes, entry.gameType);
  const category = { gameType: entry.gameType, vendors };
  const onlyVendor = vendors.length === 1 && entry.gameType !== 'RNG';
  const follow = (e: ReactMouseEvent<HTMLAnchorElement>, vendor?: TVendorLink) => {
    if (isModifiedClick(e)) return;
    e.preventDefault();
    done();
    void choose(category, vendor);
  };
  return { vendors, onlyVendor, follow };
}

/** A vendor's link of a category (its logo when it has one). */
export function VendorLink({ vendor, follow }: { vendor: TVendorLink; follow: (e: ReactMouseEvent<HTMLAnchorElement>, vendor?: TVendorLink) => void }) {
  return (
    <Link to={vendor.path} className="dropdown__vendor" data-testid={`header.vendor.${vendor.vassalage}`} onClick={(e) => follow(e, vendor)}>
      {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" width={28} height={28} loading="lazy" /> : null}
      <span>{vendor.name}</span>
    </Link>
  );
}
