import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { THelpDevice } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';

/** The device the help centre's texts are asked for (SPEC §7: device): a phone's own, at the phone breakpoint (layout-phones.css). */
export function helpDevice(): THelpDevice {
  return window.matchMedia?.('(max-width: 720px)').matches ? 'MOBILE' : 'WEB';
}

/** The help centre's sections in the page's language for this device (docs/0109), decided once per page. */
export function useHelpCentre() {
  const trpc = useTRPC();
  const { language } = useSettings();
  const [device] = useState(helpDevice);
  return useQuery(trpc.content.help.queryOptions({ lang: language, device }, { staleTime: 60_000 }));
}
