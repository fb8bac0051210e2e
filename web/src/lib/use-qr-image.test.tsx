import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useQrImage } from './use-qr-image.ts';

function Qr({ value }: { value: string }) {
  const src = useQrImage(value);
  return src ? <img src={src} alt="qr" /> : <span data-testid="none" />;
}

describe('useQrImage', () => {
  it('draws the value as an image once qrcode has loaded', async () => {
    render(<Qr value="https://example.com/invite/AB12" />);
    await waitFor(() => expect(screen.getByAltText('qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
  });

  it('draws nothing without a value, while one with a value is drawn', async () => {
    render(
      <>
        <Qr value="" />
        <Qr value="otpauth://totp/demo" />
      </>,
    );
    await screen.findByAltText('qr');
    expect(screen.getAllByTestId('none')).toHaveLength(1);
  });
});
