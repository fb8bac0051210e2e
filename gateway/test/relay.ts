import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP relay in front of the platform that keeps every byte the platform received. */
export type TRelay = {
  url: string;
  /** Everything sent to the platform so far, as latin1 text. */
  received(): string;
  close(): Promise<void>;
};

/** Starts a relay to `target` (http://host:port) on a free port. */
export async function startRelay(target: string): Promise<TRelay> {
  const { hostname, port } = new URL(target);
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data) => {
      chunks.push(data);
      upstream.write(data);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    received: () => Buffer.concat(chunks).toString('latin1'),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The request lines (method and path) in a captured stream, e.g. `GET /wps/system/status`. */
export function requestLines(stream: string): string[] {
  return [...stream.matchAll(/(?:^|\r\n)([A-Z]+) (\/\S*) HTTP\/1\.1\r\n/g)].map((m) => `${m[1]} ${m[2]}`);
}
