import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 response read off a raw socket. */
export type TRawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * Writes raw bytes to the gateway on one keep-alive connection and reads one response per entry of
 * `methods` (the methods of the requests sent, in order: a HEAD answer has no body). Ends early if
 * the connection closes, answering what arrived.
 */
export async function rawExchange(baseUrl: string, bytes: string, methods: string[]): Promise<TRawResponse[]> {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  let buffer = Buffer.alloc(0);
  const responses: TRawResponse[] = [];
  return new Promise((resolve, reject) => {
    const finish = () => {
      socket.destroy();
      resolve(responses);
    };
    socket.on('error', reject);
    socket.on('close', finish);
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (responses.length === methods.length) return finish();
        const parsed = parseOne(buffer, methods[responses.length] === 'HEAD');
        if (!parsed) break;
        responses.push(parsed.response);
        buffer = buffer.subarray(parsed.used);
        if (responses.length === methods.length) return finish();
      }
    });
    socket.write(bytes);
  });
}

function parseOne(buffer: Buffer, head: boolean): { response: TRawResponse; used: number } | null {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine!.split(' ')[1]);
  const start = headEnd + 4;
  if (head) return { response: { status, headers, body: '' }, used: start };
  if (headers['transfer-encoding'] === 'chunked') {
    let at = start;
    let body = '';
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return null;
      body += buffer.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8');
      at = lineEnd + 2 + size + 2;
      if (size === 0) return { response: { status, headers, body }, used: at };
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < start + length) return null;
  return { response: { status, headers, body: buffer.subarray(start, start + length).toString('utf8') }, used: start + length };
}
