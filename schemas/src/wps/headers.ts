/** Request headers the upstream expects (UPSTREAM-NOTES). */
export const WPS_HEADERS = {
  merchant: 'merchant',
  device: 'device',
  language: 'language',
  moduleId: 'moduleid',
  gatewayVersion: 'x-gateway-version',
  authorization: 'authorization',
  /**
   * Client address as the gateway saw it, so the platform can answer location and new-IP rules. The
   * gateway overwrites it on every call; the platform believes it only next to the right gatewaySecret.
   */
  clientIp: 'x-wl-client-ip',
  /** The secret shared by the gateway and its platform (GATEWAY_SECRET); proves clientIp came from the gateway. */
  gatewaySecret: 'x-wl-gateway-secret',
  /**
   * When the gateway stops waiting for this call, epoch ms (docs/0078): the platform refuses a call
   * already past it and abandons a transaction that would commit after it. Believed only next to
   * the right gatewaySecret.
   */
  deadline: 'x-wps-deadline',
} as const;
export const GATEWAY_VERSION = '3';
export const DEVICE_WEB = 'WEB';
