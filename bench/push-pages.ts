/**
 * `pnpm exec tsx bench/push-pages.ts [pages]` (run `ulimit -n 20000` first for 10,000): the live-push
 * measure of `pnpm bench` alone, for a page count of its own (default BENCH_PUSH_PAGES or 10,000);
 * the whole bench runs it with 1,000 (docs/0021: p99 ≤ 1 s at 10,000 pages).
 */
import { livePush, printLivePush } from './live-push.ts';

const pages = Number(process.argv[2] ?? process.env.BENCH_PUSH_PAGES ?? 10_000);
printLivePush(await livePush({ pages }));
process.exit(0);
