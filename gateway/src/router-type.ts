import type { appRouter } from './routers/router.ts';

/** The type the web's tRPC client is built on (the web imports nothing else from the gateway). */
export type AppRouter = typeof appRouter;
