import type { TFieldRule } from '@wl/schemas';
import { useScreenConfig } from '../config/screen-config-context.tsx';

/** The server's password rule (ScreenConfig forms.register fields), for every new-password form. */
export function usePasswordRule(): TFieldRule | null {
  const config = useScreenConfig();
  return config.forms.register.fields.find((f) => f.field === 'password')?.rule ?? null;
}
