/** Request headers the upstream expects (UPSTREAM-NOTES). */
export const WPS_HEADERS = {
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  moduleId: 'moduleid',
  gatewayVersion: 'x-gateway-version',
  authorization: 'authorization',
  /** Client address as the gateway saw it, so the platform can answer location and new-IP rules. */
  forwardedFor: 'x-forwarded-for',
} as const;
export const GATEWAY_VERSION = '3';
export const DEVICE_WEB = 'WEB';
