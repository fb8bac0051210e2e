import { ZClientSeed, ZWlgOpenRequest, ZWlgSlotSpinRequest, ZWlgTokenRequest } from '@wl/schemas';

/** Inputs of the built-in games' procedures: the wire requests themselves (docs/0039). */
export const ZGameOpenInput = ZWlgOpenRequest;
export const ZGameTokenInput = ZWlgTokenRequest;
export const ZGameSeedInput = ZWlgTokenRequest.extend({ clientSeed: ZClientSeed.optional() });
export const ZGameSpinInput = ZWlgSlotSpinRequest;
