#!/usr/bin/env node
/**
 * Runs shell commands side by side (each argument one command), prefixing every output line with
 * its command's number; waits for all and exits non-zero when any failed. Used by `pnpm test` to
 * run the unit suites beside the Playwright journeys, whose time is mostly spent waiting on the
 * browser and the server (docs/0024). When a command fails, its failing lines and its last lines are
 * printed again at the very end: CI keeps only the tail of the output, where the interleaved streams
 * would otherwise hide which test failed (docs/0085). Plain Node: nothing to install.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

// What a failing vitest, node:test or Playwright run prints on the lines that name the failure.
const FAILURE = /(\bFAIL\b|FAILED|×|✘|✗|AssertionError|\bError:|Timeout|not ok|\d+ failed)/;
// CI shows about the last 130 lines: the latest failing lines and a short tail fit in them.
const KEEP_FAILURES = 50;
const KEEP_TAIL = 25;
// Colour codes out, so the patterns match and the summary reads plainly.
const plain = (line) => stripVTControlCharacters(line);

function keepLast(lines, line, size) {
  lines.push(line);
  if (lines.length > size) lines.shift();
}

function prefixLines(stream, prefix, out, seen) {
  let rest = '';
  const write = (line) => {
    out.write(`${prefix} ${line}\n`);
    const text = plain(line);
    keepLast(seen.tail, text, KEEP_TAIL);
    if (FAILURE.test(text)) keepLast(seen.failures, text, KEEP_FAILURES);
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) write(line);
  });
  stream.on('end', () => {
    if (rest) write(rest);
  });
}

const started = Date.now();
const runs = commands.map((command, i) => {
  const prefix = `[${i + 1}]`;
  console.log(`${prefix} $ ${command}`);
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const seen = { failures: [], tail: [] };
  prefixLines(child.stdout, prefix, process.stdout, seen);
  prefixLines(child.stderr, prefix, process.stderr, seen);
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ command, prefix, seen, code: code ?? (signal ? 1 : 0), signal, seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
});

const results = await Promise.all(runs);
for (const r of results.filter((r) => r.code !== 0)) {
  console.log(`\n${r.prefix} ── what failed: the last lines that name a failure, then the last ${KEEP_TAIL} lines`);
  for (const line of r.seen.failures) console.log(`${r.prefix} ! ${line}`);
  console.log(`${r.prefix} ──`);
  for (const line of r.seen.tail) console.log(`${r.prefix} ${line}`);
}
let failed = false;
for (const r of results) {
  const ok = r.code === 0;
  failed ||= !ok;
  console.log(`${r.prefix} ${ok ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} after ${r.seconds} s: ${r.command}`);
}
process.exit(failed ? 1 : 0);
