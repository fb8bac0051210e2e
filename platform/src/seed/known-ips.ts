/** Addresses the seeded accounts have logged in from: a local browser is never a "new IP". */
export const DEMO_KNOWN_IPS = ['127.0.0.1', '::1', '::ffff:127.0.0.1'] as const;
