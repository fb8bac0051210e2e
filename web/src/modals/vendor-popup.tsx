import { useState } from 'react';
import { LIST_PAGE_SIZE } from '@wl/schemas/constants';
import type { TGameType, TScreenConfig } from '@wl/schemas';
import type { TVendorPopup } from '../app/ui-context.tsx';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { configVendors } from '../config/vendors.ts';
import { GameGrid } from '../home/game-grid.tsx';
import { useGames } from '../home/home-data.ts';
import { Pager } from '../home/pager.tsx';
import { Modal } from './modal.tsx';

/** The vendor's display name in the config (as its category shows it); its code when the config has none. */
export function vendorName(config: Pick<TScreenConfig, 'vendors'>, vassalage: string, gameType?: TGameType): string {
  const vendors = configVendors(config);
  return (vendors.link(vassalage, gameType) ?? vendors.link(vassalage))?.name ?? vassalage;
}

/**
 * docs/rules/games.md#g-1 launch rule 4: a vendor card with isGame 'VASSALAGE' opens a popup game list — the
 * vendor's games, 24 per page, as tiles that launch by the same rules. Closing restores the
 * page's scroll position (the modal frame's scroll lock).
 */
export default function VendorPopup({ vendor, onClose }: { vendor: TVendorPopup; onClose: () => void }) {
  const { language } = useSettings();
  const config = useScreenConfig();
  const [page, setPage] = useState(1);
  const q = useGames({ gameType: vendor.gameType, vassalage: vendor.vassalage, pageNo: page, pageSize: LIST_PAGE_SIZE, language });
  return (
    <Modal
      testId="vendor-popup.modal"
      title={vendorName(config, vendor.vassalage, vendor.gameType)}
      titleTestId="vendor-popup.title"
      closeTestId="vendor-popup.close"
      size="large"
      onClose={onClose}
    >
      <div className="vendor-popup" data-vassalage={vendor.vassalage}>
        <GameGrid games={q.data?.games} isLoading={q.isLoading} />
        {q.data && <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} />}
      </div>
    </Modal>
  );
}
