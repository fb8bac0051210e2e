#!/usr/bin/env node
/**
 * Runs shell commands side by side (each argument one command), prefixing every output line with
 * its command's number; waits for all and exits non-zero when any failed. Used by `pnpm test` to
 * run the unit suites beside the Playwright journeys, whose time is mostly spent waiting on the
 * browser and the server (docs/0024). Plain Node: nothing to install.
 */
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

function prefixLines(stream, prefix, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`${prefix} ${rest}\n`);
  });
}

const started = Date.now();
const runs = commands.map((command, i) => {
  const prefix = `[${i + 1}]`;
  console.log(`${prefix} $ ${command}`);
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixLines(child.stdout, prefix, process.stdout);
  prefixLines(child.stderr, prefix, process.stderr);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) =>
      resolve({ command, prefix, code: code ?? (signal ? 1 : 0), signal, seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
});

const results = await Promise.all(runs);
let failed = false;
for (const r of results) {
  const ok = r.code === 0;
  failed ||= !ok;
  console.log(`${r.prefix} ${ok ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} after ${r.seconds} s: ${r.command}`);
}
process.exit(failed ? 1 : 0);
