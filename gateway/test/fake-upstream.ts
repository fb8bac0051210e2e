import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';

// Stand-ins for a broken or absent upstream (not a test file; imported by *.test.ts only).

/** A port nothing listens on: bound, read, released. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** An HTTP server with a fixed behaviour, standing in for a broken upstream. */
export async function fakeUpstream(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}
