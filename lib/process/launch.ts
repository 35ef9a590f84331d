import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../checks/spec.ts';

/**
 * The one way the project starts a child process (a nested Playwright run, a command under test, a mock
 * started apart): from the project root, with the parent's environment plus `env` (a key set to
 * undefined is removed, e.g. MOCK_BASE_URL so a nested run starts its own mock), bounded in time, its
 * output captured and redacted before anyone reads it.
 */
interface LaunchOptions {
  /** Added to (or, when undefined, removed from) the parent's environment. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Killed (SIGTERM) after this long; `timedOut` tells. */
  timeoutMs?: number;
  /** Given on stdin. */
  input?: string;
  /** Applied to stdout and stderr before they are returned (tokens never leave a child's output). */
  redact?: (text: string) => string;
  /** Output not kept (a run whose report goes to a file). */
  quiet?: boolean;
}

interface AsyncLaunchOptions extends LaunchOptions {
  /** In a process group of its own, so the time limit ends the child's children too (SIGKILL). */
  group?: boolean;
  /** Sees the child once started (to sample its memory). */
  onStart?: (child: ChildProcess) => void;
}

interface Launched {
  /** The exit code; null when killed by a signal. */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const MAX_OUTPUT = 256 * 1024 * 1024;

/**
 * `npx tool …` without npm exec, which costs about a CPU-second per call (dozens of nested runs in the
 * project's tests): the project's own binary, and tsx as a loader of this Node rather than its CLI's
 * second process.
 */
function withoutNpx(command: string, args: string[]): [string, string[]] {
  if (command !== 'npx' || args.length === 0) return [command, args];
  const [tool, ...rest] = args as [string, ...string[]];
  if (tool === 'tsx') return [process.execPath, ['--import', 'tsx', ...rest]];
  return [join(projectRoot, 'node_modules', '.bin', tool), rest];
}

/** The environment of a child: the parent's, with `env` laid over it. */
function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

function finished(
  status: number | null,
  signal: NodeJS.Signals | null,
  stdout: string,
  stderr: string,
  options: LaunchOptions,
  error?: Error,
): Launched {
  const redact = options.redact ?? ((text: string) => text);
  const timedOut = (error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' || signal !== null;
  return {
    status,
    signal,
    stdout: redact(stdout),
    stderr: redact(stderr),
    timedOut: timedOut && !!options.timeoutMs,
  };
}

/** Runs a command to its end and returns its exit status and (redacted) output. */
export function runCommand(command: string, args: string[], options: LaunchOptions = {}): Launched {
  const run = spawnSync(...withoutNpx(command, args), {
    cwd: options.cwd ?? projectRoot,
    env: childEnv(options.env),
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT,
    timeout: options.timeoutMs,
    input: options.input,
    stdio: options.quiet ? ['pipe', 'ignore', 'ignore'] : 'pipe',
  });
  return finished(run.status, run.signal, run.stdout ?? '', run.stderr ?? '', options, run.error);
}

/** The same, without blocking this process (runs side by side, a test that serves the child meanwhile). */
export function runCommandAsync(
  command: string,
  args: string[],
  options: AsyncLaunchOptions = {},
): Promise<Launched> {
  return new Promise((resolve) => {
    const child = spawn(...withoutNpx(command, args), {
      cwd: options.cwd ?? projectRoot,
      env: childEnv(options.env),
      detached: options.group,
      stdio: [
        options.input === undefined ? 'ignore' : 'pipe',
        options.quiet ? 'ignore' : 'pipe',
        options.quiet ? 'ignore' : 'pipe',
      ],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    if (options.input !== undefined) child.stdin?.end(options.input);
    options.onStart?.(child);
    const kill = () =>
      options.group && child.pid ? process.kill(-child.pid, 'SIGKILL') : child.kill('SIGTERM');
    const timer = options.timeoutMs ? setTimeout(kill, options.timeoutMs) : undefined;
    child.on('close', (status, signal) => {
      if (timer) clearTimeout(timer);
      resolve(
        finished(
          status,
          signal,
          Buffer.concat(out).toString('utf8'),
          Buffer.concat(err).toString('utf8'),
          options,
        ),
      );
    });
  });
}

export interface Started {
  child: ChildProcess;
  /** Ends the process and its own children (it leads a process group of its own). */
  stop: () => void;
}

/** Starts a long-lived process in a group of its own, its output to logFile (or nowhere). */
export function startProcess(
  command: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; logFile?: string; cwd?: string } = {},
): Started {
  const out = options.logFile ? openSync(options.logFile, 'w') : 'ignore';
  const child = spawn(...withoutNpx(command, args), {
    cwd: options.cwd ?? projectRoot,
    env: childEnv(options.env),
    stdio: ['ignore', out, out],
    detached: true,
  });
  const stop = () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { child, stop };
}

export interface StartedMock extends Started {
  baseURL: string;
}

/** A long-lived process that answered its probe: its pid is the server's own (no npm or tsx CLI between). */
export interface StartedServer extends Started {
  /** Resolves once the process has exited (a CPU profile is written at exit). */
  exited: Promise<void>;
}

/**
 * Starts a server process and waits until `probe` answers (any HTTP status); throws, after stopping it,
 * when it exits first or does not answer in time.
 */
/**
 * Whether the probe's answer came from the process just started: a server that names its pid (the
 * mock's health route) must name this one, else another process holds the port (a port race).
 */
async function answeredBy(answer: Response, pid: number | undefined): Promise<boolean> {
  const named = await answer
    .json()
    .then((body: unknown) => (body as { pid?: unknown } | null)?.pid)
    .catch(() => undefined);
  return typeof named !== 'number' || named === pid;
}

export async function startServer(
  command: string,
  args: string[],
  probe: string,
  options: { env?: Record<string, string | undefined>; logFile?: string; waitMs?: number } = {},
): Promise<StartedServer> {
  const started = startProcess(command, args, options);
  const exited = new Promise<void>((resolve) => {
    if (started.child.exitCode !== null || started.child.signalCode !== null) resolve();
    else started.child.once('exit', () => resolve());
  });
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  while (Date.now() < deadline && started.child.exitCode === null) {
    const up = await fetch(probe).then(
      (answer) => answeredBy(answer, started.child.pid),
      () => false,
    );
    if (up) return { ...started, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.stop();
  const exitedWith = started.child.exitCode === null ? '' : ` (it exited with ${started.child.exitCode})`;
  throw new Error(`${probe} did not answer${exitedWith}`);
}

/**
 * Starts `mock/server.ts` on a port with flags (`--alternate`, `--seed 7`, `--log`…) and env (MOCK_FAULTS)
 * and waits until it answers its health route; throws (after stopping it) when it does not in time.
 * `nodeFlags` go to Node itself (`--cpu-prof`).
 */
export async function startMock(
  port: number,
  flags: string[] = [],
  options: {
    env?: Record<string, string | undefined>;
    logFile?: string;
    waitMs?: number;
    nodeFlags?: string[];
  } = {},
): Promise<StartedMock & StartedServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const args = [...(options.nodeFlags ?? []), '--import', 'tsx', 'mock/server.ts', '--port', String(port)];
  try {
    const started = await startServer(
      process.execPath,
      [...args, ...flags],
      `${baseURL}/__mock/health`,
      options,
    );
    return { ...started, baseURL };
  } catch (error) {
    throw new Error(
      `the mock (${flags.join(' ') || 'no flags'}) did not answer on port ${port}: ${(error as Error).message}`,
    );
  }
}

/** Runs a command that must succeed: its stdout, or an error naming the command and its stderr's last lines. */
export function mustRun(command: string, args: string[], options: LaunchOptions = {}): string {
  const run = runCommand(command, args, options);
  if (run.status === 0) return run.stdout;
  const why = run.timedOut ? 'timed out' : `exited with ${run.status ?? run.signal}`;
  throw new Error(`${command} ${args.slice(0, 2).join(' ')} ${why}: ${run.stderr.trim().slice(-600)}`);
}
