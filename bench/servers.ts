import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { projectRoot } from '../lib/checks/spec.ts';

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** Starts a process and waits until `probe` answers. */
export async function startProcess(
  command: string,
  args: string[],
  url: string,
  probe = url,
  env = {},
): Promise<Running> {
  const child = spawn(command, args, { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, ...env } });
  await waitFor(probe);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

/** The mock in a plain node process (tsx as a loader, so the pid measured is the server's). */
export function startMock(port: number, scale = 1): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return startProcess(
    process.execPath,
    ['--import', 'tsx', 'mock/server.ts', '--port', String(port), '--scale', String(scale)],
    url,
    `${url}/__mock/health`,
  );
}

/** A bare node:http server answering a static body: the practical upper bound on this machine. */
export function startBare(port: number, body: string): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return startProcess(process.execPath, ['bench/bare-server.mjs', String(port)], url, url, {
    BARE_BODY: body,
  });
}

/** Resident memory of a process in MiB, read from /proc. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}
