import { useEffect, useState } from 'react';
import { QR_MARGIN, QR_SIZE } from '@wl/schemas/constants';

/**
 * A QR code of `value` as an image data URL, null until drawn (and while there is no value). qrcode
 * is loaded only when a code is first drawn, to keep it out of the initial bundle. Drawing the image
 * is rendering, not a flow: it stays a plain effect.
 */
export function useQrImage(value: string | null | undefined, width = QR_SIZE): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return;
    let live = true;
    void import('qrcode').then((QR) =>
      QR.toDataURL(value, { width, margin: QR_MARGIN }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [value, width]);
  return src;
}
