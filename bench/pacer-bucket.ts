import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { tokenBucket } from '../mock/alternate/transport.ts';

// The pacer alone (no HTTP, hardly any CPU) against a token bucket of --rate requests/s (bursts of as many,
// an empty bucket refuses with Retry-After: 1): --workers callers send --requests requests with 20–150 ms
// of latency, no rate declared. Prints the wall time against requests ÷ rate and the pacer's cuts: what
// the pacing itself costs, whatever the machine's load. `npx tsx bench/pacer-bucket.ts [--cwd DIR]`
// measures the pacer of another checkout (the code before a change).

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '20' },
    requests: { type: 'string', default: '500' },
    workers: { type: 'string', default: '4' },
    cwd: { type: 'string', default: '.' },
  },
});
const [rate, total, workers] = [Number(values.rate), Number(values.requests), Number(values.workers)];
const dir = resolve(values.cwd);
const { Pacer } = await import(join(dir, 'lib/client/pacer.ts'));
const { startLedger, readLedger } = await import(join(dir, 'lib/client/run-ledger.ts'));
startLedger(mkdtempSync(join(tmpdir(), 'bench-pacer-')));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const take = tokenBucket(rate);
let answered = 0;
let refused = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: workers }, async () => {
    const pacer = new Pacer(0, workers, 'target');
    while (answered < total) {
      const ticket = await pacer.wait();
      const taken = take();
      await sleep(20 + Math.random() * 130);
      if (taken) answered += 1;
      else {
        refused += 1;
        pacer.observe(429, ticket);
        await sleep(1000);
      }
    }
  }),
);
const wall = (Date.now() - started) / 1000;
const cuts = (readLedger() as { cut?: { from: number; to: number } }[]).flatMap((line) =>
  line.cut ? [`${line.cut.from}→${line.cut.to}`] : [],
);
const limit = total / rate;
console.log(
  `${dir}: ${answered} answered, ${refused} refused, wall ${wall.toFixed(1)} s, limit ${limit.toFixed(1)} s, ×${(wall / limit).toFixed(2)}; cuts ${cuts.join(' ')}`,
);
