/** Public entry of @wl/platform. */
export { startEmbeddedPlatform, type TEmbeddedPlatform, type TEmbeddedPlatformOptions } from './embedded.ts';
export { buildPlatform, type TBuildPlatformOptions } from './app.ts';
export { openDatabase, type TDatabase, type TOpenDatabaseOptions } from './db/database.ts';
export { migrate } from './db/migrate.ts';
export { seed, DEMO_ACCOUNTS } from './seed/seed.ts';
