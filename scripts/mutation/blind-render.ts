import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';
import type { BlindOutcome, BlindReport, BlindResult } from './blind.ts';

const PROFILE_TITLES = {
  readonly: 'read-only, the profile’s users',
  two: 'read-only, seller and buyer only',
} as const;

const blindDir = join(projectRoot, 'bench', 'blind');
const START = '<!-- blind:start -->';
const END = '<!-- blind:end -->';

type Profile = keyof typeof PROFILE_TITLES;

function tally(outcomes: BlindOutcome[], profile: Profile, basis?: BlindOutcome['basis']) {
  const mine = outcomes.filter((o) => !basis || o.basis === basis);
  const count = (result: BlindResult) => mine.filter((o) => o.byProfile[profile]?.result === result).length;
  return {
    killed: count('killed'),
    missed: count('missed'),
    notReached: count('not reached'),
    write: count('needs a write'),
  };
}

/** "12 of 15 (3 not reached)": killed of those that changed an answer the run received. */
function figure(t: ReturnType<typeof tally>): string {
  const reached = t.killed + t.missed;
  return `${t.killed} of ${reached}${t.notReached ? ` (${t.notReached} not reached)` : ''}`;
}

function summaryRow(report: BlindReport, profile: Profile): string {
  const all = tally(report.outcomes, profile);
  const cells = [undefined, 'stated', 'implied'].map((b) =>
    figure(tally(report.outcomes, profile, b as never)),
  );
  return `| ${report.batch} | ${report.label} | ${report.date.slice(0, 10)} | \`${report.commit}\` | ${PROFILE_TITLES[profile]} | ${cells.join(' | ')} | ${all.write} |`;
}

const HEADER =
  '| batch | figure | date | commit | run | killed of reached | stated | implied | need a write |\n|---|---|---|---|---|---|---|---|---|';

export function renderBlindSummary(report: BlindReport): string {
  const lines = (['readonly', 'two'] as const).map((p) => summaryRow(report, p));
  const faithful = report.faithful.map(
    (f) => `${f.profile}: ${f.failed.length} failed, ${f.changedAnswers} answers differ from the twin`,
  );
  return [HEADER, ...lines, '', `faithful mock: ${faithful.join('; ')}`].join('\n');
}

function faultRows(report: BlindReport): string {
  const cell = (o: BlindOutcome, p: Profile) => {
    const r = o.byProfile[p];
    return r ? `${r.result}${r.result === 'needs a write' ? '' : ` (${r.changedAnswers})`}` : '';
  };
  return report.outcomes
    .map(
      (o) => `| \`${o.fault}\` | ${o.basis} | ${o.bugClass} | ${cell(o, 'readonly')} | ${cell(o, 'two')} |`,
    )
    .join('\n');
}

function savedReports(): BlindReport[] {
  return readdirSync(blindDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(blindDir, f), 'utf8')) as BlindReport)
    .sort((a, b) => a.batch.localeCompare(b.batch) || a.date.localeCompare(b.date));
}

function replaceSection(path: string, section: string, anchor: string): void {
  const text = readFileSync(path, 'utf8');
  const block = `${START}\n${section}\n${END}`;
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${block}${text.slice(end + END.length)}`
      : text.replace(anchor, `${block}\n\n${anchor}`);
  writeFileSync(path, next);
}

/** Saves the report under bench/blind/ and regenerates the blind sections of bench/results.md and README.md. */
export function recordBlindFigures(report: BlindReport): void {
  const slug = `${report.batch.replace('/', '-')}-${report.label.replace(/\W+/g, '-')}`;
  writeFileSync(join(blindDir, `${slug}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const reports = savedReports();
  const rows = reports.flatMap((r) => (['readonly', 'two'] as const).map((p) => summaryRow(r, p)));
  const table = [HEADER, ...rows].join('\n');
  const details = reports
    .map(
      (r) =>
        `### ${r.batch}, ${r.label} (\`${r.commit}\`, ${r.date.slice(0, 16)} UTC)\n\n| fault | basis | class | read-only, profile’s users (answers changed) | seller and buyer only |\n|---|---|---|---|---|\n${faultRows(r)}`,
    )
    .join('\n\n');
  replaceSection(
    join(projectRoot, 'bench', 'results.md'),
    `## Blind batches (issue 44; \`npm run mutation -- --batch blind/NN --readme\`)\n\nKilled: a test that passes on the faithful mock failed. Missed: the run received an answer the fault changed (the faithful twin of \`mock/shadow.ts\` says which) and nothing failed. Not reached: no answer the run received changed.\n\n${table}\n\n${details}`,
    '## Suite wall time against the embedded mock',
  );
  replaceSection(
    join(projectRoot, 'README.md'),
    `Blind batches (regressions written from the reference only, by an author who never read the suite; \`bench/results.md\` has each fault):\n\n${table}`,
    '<!-- mutation-readonly:start -->',
  );
}
