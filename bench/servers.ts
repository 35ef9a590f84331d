import { readFileSync } from 'node:fs';
import { startMock as launchMock, type StartedServer, startServer } from '../lib/process/launch.ts';

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function running(url: string, server: StartedServer): Running {
  return {
    url,
    pid: server.child.pid ?? 0,
    stop: async () => {
      server.stop();
      await server.exited;
    },
  };
}

/** Starts a process through the project's launcher and waits until `probe` answers. */
export async function startProcess(
  command: string,
  args: string[],
  url: string,
  probe = url,
  env: Record<string, string> = {},
): Promise<Running> {
  return running(url, await startServer(command, args, probe, { env }));
}

/** The mock in a plain node process (tsx as a loader, so the pid measured is the server's). */
export async function startMock(port: number, scale = 1): Promise<Running> {
  const mock = await launchMock(port, ['--scale', String(scale)]);
  return running(mock.baseURL, mock);
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
