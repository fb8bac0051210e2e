/** Pino's levels, most verbose first (LOG_LEVEL in README's configuration table). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];
