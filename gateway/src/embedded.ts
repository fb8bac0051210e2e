import { startEmbeddedPlatform, type TStartStep } from '@wl/platform/embedded';

/**
 * Starts the embedded reference upstream in this process (docs: embedded platform). With server.ts
 * the only gateway file allowed to import the platform; everything else talks to it over HTTP.
 */
export async function startEmbeddedUpstream(options: {
  dataDir?: string;
  databaseUrl?: string;
  production: boolean;
  onProgress?: (step: TStartStep) => void;
}): Promise<{
  url: string;
  /** The per-process secret the gateway sends with the client IP. */
  gatewaySecret: string;
  close(): Promise<void>;
}> {
  return startEmbeddedPlatform({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    production: options.production,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
