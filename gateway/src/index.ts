export { buildApp, type TBuildAppOptions } from './app.ts';
export type { AppRouter } from './router-type.ts';
