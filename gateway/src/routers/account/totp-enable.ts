import { ACCOUNT_CALLS } from '@wl/schemas';
import { relayDone } from '../../trpc/relay-done.ts';
import { ZTotpEnableInput } from './account.types.ts';

/** `account.totpEnable`: a current code from the app proves the setup and turns TOTP on as a second factor. */
export const totpEnable = relayDone(ACCOUNT_CALLS.totpEnable, ZTotpEnableInput);
