import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** A response with its body exactly as sent (fetch would decode Content-Encoding on its own). */
export type TRawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** GET (or HEAD) over node:http, nothing decoded. */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<TRawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded by its Content-Encoding (br, gzip or none). */
export function decoded(answer: TRawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === undefined) return answer.body;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

/** The names a Vary header lists, lower-cased. */
export function varyOf(answer: TRawAnswer): string[] {
  const vary = answer.headers.vary;
  const text = Array.isArray(vary) ? vary.join(',') : (vary ?? '');
  return text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
}

/** A tRPC GET URL: one call (`input`) or a batch (`batch=1`, inputs by index). */
export function trpcUrl(baseUrl: string, paths: string[], inputs: unknown[], options: { batch?: boolean } = {}): string {
  if (!options.batch && paths.length === 1) {
    return `${baseUrl}/trpc/${paths[0]}${inputs[0] === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(inputs[0]))}`}`;
  }
  const byIndex = Object.fromEntries(inputs.map((input, i) => [String(i), input]).filter(([, input]) => input !== undefined));
  return `${baseUrl}/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(byIndex))}`;
}
