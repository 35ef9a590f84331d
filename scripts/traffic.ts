import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSpec, projectRoot } from '../lib/checks/spec.ts';
import {
  loadProfile,
  ProfileError,
  profilePlaceholders,
  profileSecrets,
  shownBaseURL,
} from '../lib/profile/load.ts';
import type { TargetProfile } from '../lib/profile/types.ts';
import { trafficRedactor } from './traffic/evidence.ts';
import type { NumberedExchange } from './traffic/exchange.ts';
import { HarError, readHar } from './traffic/har.ts';
import { judgeTraffic } from './traffic/judge.ts';
import { startProxy } from './traffic/proxy.ts';
import { type TrafficRun, writeTrafficReports } from './traffic/report.ts';

// Judges real traffic against the reference: a recorded HAR file, or live as a forwarding proxy.
//   npm run traffic -- --har <file.har> [--target <profile>] [--out <dir>]
//   npm run traffic -- --listen <port> --upstream <url> [--duration <s>] [--target <profile>] [--out <dir>]
// Writes the reports (index.html, traceability, verdict.json, traffic.json) and exits 1 on a new finding.

const usage =
  'usage: npm run traffic -- --har <file.har> [--target <profile>] [--out <dir>]\n' +
  '       npm run traffic -- --listen <port> --upstream <url> [--duration <s>] [--target <profile>] [--out <dir>]';

/** The profile's secrets, baseline and policies; without --target, a foreign target that names none. */
function profileOf(target: string | undefined, upstream: string | undefined): TargetProfile {
  if (!target)
    return { name: 'traffic', baseURL: upstream ?? '', isMock: false, users: {} } as unknown as TargetProfile;
  const env: NodeJS.ProcessEnv = { ...process.env, TARGET: target };
  delete env.BASE_URL;
  delete env.MOCK_BASE_URL;
  return loadProfile(env) as TargetProfile;
}

async function proxied(
  port: number,
  upstream: string,
  durationS: number | undefined,
  hide: (text: string) => string,
): Promise<NumberedExchange[]> {
  const proxy = await startProxy({ upstream, port });
  console.log(
    hide(
      `traffic: proxy ${proxy.url} → ${upstream}${durationS ? ` for ${durationS} s` : ''}; stop with Ctrl-C`,
    ),
  );
  await new Promise<void>((resolve) => {
    const timer = durationS ? setTimeout(resolve, durationS * 1000) : undefined;
    const stop = () => {
      if (timer) clearTimeout(timer);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return proxy.stop();
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      har: { type: 'string' },
      listen: { type: 'string' },
      upstream: { type: 'string' },
      duration: { type: 'string' },
      target: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (!values.har === !values.listen || (values.listen && !values.upstream)) {
    console.error(usage);
    return 2;
  }
  const profile = profileOf(values.target, values.upstream);
  const duration = values.duration === undefined ? undefined : Number(values.duration);
  const secrets = values.target ? profileSecrets(profile) : [];
  const placeholders = values.target ? profilePlaceholders(profile) : {};
  const exchanges = values.har
    ? readHar(values.har)
    : await proxied(
        Number(values.listen),
        values.upstream!,
        duration,
        trafficRedactor([], secrets, placeholders),
      );
  const redact = trafficRedactor(exchanges, secrets, placeholders);
  const spec = loadSpec();
  const judgement = judgeTraffic(exchanges, spec, profile, redact);
  const outDir = values.out ?? join(process.env.REPORTS_DIR ?? join(projectRoot, 'reports'), 'traffic');
  const run: TrafficRun = {
    source: values.har ? `HAR file ${values.har}` : redact(`proxy to ${values.upstream}`),
    target: values.target ? `${profile.name} (${shownBaseURL(profile)})` : 'no profile',
  };
  const verdict = writeTrafficReports(outDir, run, judgement, spec, profile, redact);
  const verified = new Set(
    judgement.outcomes.filter((o) => o.passed && !o.notJudged).map((o) => o.requirement),
  );
  const notJudged = judgement.outcomes.filter((o) => o.notJudged).length;
  for (const d of verdict.fresh) console.log(`  new: [${d.check}] ${d.operation} ${d.field}: ${d.message}`);
  console.log(
    `traffic: ${judgement.exchanges.length} exchanges, ${judgement.judged.length} judged, ${judgement.unknown.length} of unknown operations; ` +
      `${verdict.fresh.length} new findings, ${verdict.known.length} known, ${verdict.reported.length} omissions reported; ` +
      `${verified.size} requirements shown held, ${notJudged} rule outcomes not judged; reports: ${join(outDir, 'index.html')}`,
  );
  return verdict.fresh.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof HarError || error instanceof ProfileError) {
      console.error(`traffic: ${error.message}`);
      process.exit(2);
    }
    throw error;
  },
);
