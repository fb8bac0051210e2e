/**
 * Server processes the bench starts and stops (bench/memory.ts, bench/site-load.ts): a free port, a
 * command in a process group of its own with the tail of its output kept, the CPU and memory of its
 * process tree read from /proc, and a stop that ends the whole group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A started command: its process (the leader of its group), when it exited, and its output's tail. */
export type TRunning = { name: string; child: ChildProcess; exited: Promise<void>; output: () => string };

/** Runs `command args` from the repository root in a process group of its own (so the whole tree stops at once). */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): TRunning {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, child, exited, output: () => output };
}

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to the group led by `pid`, if any of it is left. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/**
 * SIGTERM to the process group, then SIGKILL if any of it is still there after `graceMs`; returns
 * when the whole group has gone (a `pnpm start` leader exits before the server it started has closed
 * its database).
 */
export async function stopProcess(running: TRunning, graceMs = 20_000): Promise<void> {
  const pid = running.child.pid!;
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const started = performance.now();
  while (groupAlive(pid)) {
    if (performance.now() - started > graceMs) killGroup(pid);
    await sleep(50);
  }
  await running.exited;
}

/** Waits until `url` answers 2xx (answers the seconds it took), or throws when the process exits or `maxSeconds` pass. */
export async function untilServing(running: TRunning, url: string, maxSeconds = 180): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`${running.name} exited before serving:\n${running.output()}`);
    if (performance.now() - started > maxSeconds * 1000) throw new Error(`${running.name} did not serve ${url} within ${maxSeconds} s:\n${running.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return (performance.now() - started) / 1000;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
}

/** pid → parent pid of every process visible in /proc. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), Number(rest[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** The process and every descendant of it. */
export function processTree(rootPid: number): number[] {
  const ppid = parents();
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) {
    for (const [pid, parent] of ppid) if (parent === pids[i]) pids.push(pid);
  }
  return pids;
}

export function readProcFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's CPU figures. */
export const CLOCK_TICKS_PER_SECOND = 100;

/** CPU clock ticks (user + system) used so far by these processes. */
export function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readProcFile(`/proc/${pid}/stat`);
    if (!stat) continue;
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(rest[11]) + Number(rest[12]);
  }
  return ticks;
}

/** Resident memory (VmRSS) of these processes in MB. */
export function residentMB(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) kb += Number(/VmRSS:\s+(\d+) kB/.exec(readProcFile(`/proc/${pid}/status`) ?? '')?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}
