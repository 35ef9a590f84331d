import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PRODUCTION_SEED } from './alternate/index.ts';
import { build } from './app.ts';
import { fixturesDir } from './store/data.ts';
import { DROPS, dropsFromEnv } from './store/drops.ts';

const usage =
  'usage: npm run mock -- [--port 4010] [--host 127.0.0.1] [--scale 1] [--log] [--fault NAME ...] [--drop DATASET ...]\n' +
  '                      [--alternate [--seed N] [--choice NAME=VARIANT ...]]';

interface AlternateFlags {
  alternate: boolean;
  seed?: string;
  choice: string[];
}

/** --alternate [--seed N] [--choice NAME=VARIANT]: the alternate mock's options, or undefined for the default mock. */
function alternateOf({ alternate, seed, choice }: AlternateFlags) {
  if (!alternate) {
    if (seed !== undefined || choice.length) throw new Error('--seed and --choice go with --alternate');
    return undefined;
  }
  const value = Number(seed ?? PRODUCTION_SEED);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--seed must be a non-negative integer, got ${seed}`);
  const force = Object.fromEntries(
    choice.map((text) => {
      const [name, variant] = text.split('=');
      if (!name || !variant) throw new Error(`--choice must be NAME=VARIANT, got ${text}`);
      return [name, variant];
    }),
  );
  return { seed: value, force };
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env.MOCK_PORT ?? '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        scale: { type: 'string', default: '1' },
        log: { type: 'boolean', default: false },
        fault: { type: 'string', multiple: true, default: [] },
        drop: { type: 'string', multiple: true, default: [] },
        alternate: { type: 'boolean', default: false },
        seed: { type: 'string' },
        choice: { type: 'string', multiple: true, default: [] },
      },
    });
    const port = Number(values.port);
    const scale = Number(values.scale);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port must be 0..65535, got ${values.port}`);
    if (!Number.isInteger(scale) || scale < 1)
      throw new Error(`--scale must be a positive integer, got ${values.scale}`);
    const faults = [...values.fault, ...(process.env.MOCK_FAULTS ?? '').split(',')].filter(Boolean);
    // Seeds are read when the world is built: the drops travel in the environment to every reset.
    if (values.drop.length) process.env.MOCK_DROP = [...dropsFromEnv(), ...values.drop].join(',');
    for (const name of dropsFromEnv()) if (!DROPS[name]) throw new Error(`--drop: unknown dataset ${name}`);
    return { port, host: values.host, scale, log: values.log, faults, alternate: alternateOf(values) };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const { port, host, scale, log, faults, alternate } = options();
let app: Awaited<ReturnType<typeof build>>;
try {
  app = await build({ logger: log, scale, faults, alternate });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (faults.length) console.log(`faults planted: ${faults.join(', ')}`);
if (alternate) {
  const kind = alternate.seed === PRODUCTION_SEED ? 'the production-like choices' : 'seeded draws';
  console.log(
    `alternate mock, seed ${alternate.seed} (${kind}); replay with --alternate --seed ${alternate.seed}`,
  );
  for (const drawn of app.alternate) console.log(`  ${drawn.name}: ${drawn.variant} (${drawn.description})`);
}
if (dropsFromEnv().length) console.log(`datasets dropped: ${dropsFromEnv().join(', ')}`);
try {
  const address = await app.listen({ port, host });
  console.log(`mock listening on ${address}`);
  console.log(
    `target profile: ${join(fixturesDir, 'targets', 'mock.json')} (BASE_URL=${address} TARGET=mock)`,
  );
} catch (error) {
  console.error(`mock could not listen on ${host}:${port}: ${(error as Error).message}`);
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
