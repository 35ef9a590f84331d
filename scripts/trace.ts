/**
 * `npm run trace -- <REQUIREMENT-ID>`: everything the project holds for one requirement, so a newcomer
 * finds it with one command: its text and the reference's quote, the spec nodes that cite it, the mock
 * code and the oracle that implement it, the rules of lib/rules/registry.ts that judge it, the tests that verify it, the planted faults that break it, and
 * the latest outcome on record. An unknown id is a one-line error (with near ids) and exit code 2.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRequirements, type Requirement } from '../lib/catalog/requirements.ts';
import { bundledSpecPath, projectRoot } from '../lib/checks/spec.ts';
import { runCommand } from '../lib/process/launch.ts';
import { rulesOf } from '../lib/rules/registry.ts';

const REFERENCE = join(projectRoot, 'spec', 'reference', 'marketplace-api.md');

/** The id as a whole word: ORD-SEARCH-TAGS does not match inside ORD-SEARCH-TAGS-NOT. */
const idPattern = (id: string) => new RegExp(`(?<![A-Z0-9-])${id}(?![A-Z0-9-])`);

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** Lines of the files that name the id: `file:line: text`. */
function linesNaming(id: string, files: string[]): string[] {
  const pattern = idPattern(id);
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        pattern.test(line) ? [`${relative(projectRoot, file)}:${i + 1}: ${line.trim().slice(0, 160)}`] : [],
      ),
  );
}

/** Edit distance, for the near ids of an unknown one. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function nearIds(id: string, known: readonly string[], count = 3): string[] {
  const wanted = id.toUpperCase();
  return [...known]
    .map((candidate) => ({
      candidate,
      score:
        distance(wanted, candidate) - (candidate.startsWith(wanted) || wanted.startsWith(candidate) ? 5 : 0),
    }))
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((near) => near.candidate);
}

/** The line of the reference copy that holds the quote (whitespace aside), or undefined. */
function quoteLine(quote: string): number | undefined {
  const lines = readFileSync(REFERENCE, 'utf8').split('\n');
  const wanted = squeeze(quote);
  const index = lines.findIndex((line) => squeeze(line).includes(wanted));
  return index < 0 ? undefined : index + 1;
}

function bundledSpec(): unknown {
  if (!existsSync(bundledSpecPath))
    runCommand('npx', ['redocly', 'bundle', 'spec/openapi.yaml', '--ext', 'json', '-o', bundledSpecPath]);
  return JSON.parse(readFileSync(bundledSpecPath, 'utf8'));
}

const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Why a node of the spec cites the requirement, or undefined. */
function citation(node: Record<string, unknown>, req: Requirement): string | undefined {
  const listed = node['x-requirements'];
  if (Array.isArray(listed) && listed.includes(req.id)) return 'x-requirements';
  if (typeof node.operationId === 'string' && req.operations.includes(node.operationId))
    return `operation ${node.operationId}`;
  const reference = node['x-reference'];
  if (req.quote && typeof reference === 'string' && squeeze(reference).includes(squeeze(req.quote)))
    return 'x-reference quotes it';
  const pattern = idPattern(req.id);
  const named = Object.entries(node).find(
    ([key, value]) =>
      (key.startsWith('x-') || key === 'description') && typeof value === 'string' && pattern.test(value),
  );
  return named ? `${named[0]} names it` : undefined;
}

/** JSON pointers of the bundled spec's nodes that cite the requirement. */
function specNodes(req: Requirement, spec: unknown = bundledSpec()): string[] {
  const found: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${pointer}/${i}`);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const why = citation(node as Record<string, unknown>, req);
    if (why) found.push(`#${pointer || '/'} (${why})`);
    for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${pointerPart(key)}`);
  };
  walk(spec, '');
  return found;
}

const TEST_DIRS = ['contract', 'properties', 'mock'].map((dir) => join(projectRoot, 'tests', dir));

/** A test declared with its ids: `test('title', verifies([ids] | NAME, ...)` or `test('title', req('ID', ...)` (mock tests). */
const DECLARED =
  /\btest\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1\s*,(?:\s*\/\/[^\n]*)*\s*(?:verifies\(\s*(\[[^\]]*\]|[A-Za-z_$][\w$]*)|req\(([^)]*)\))/g;
const ID_LITERAL = /['"`]([A-Z]+(?:-[A-Z0-9]+)+)['"`]/g;

/** The id literals of an ids argument: an array literal (with `...NAME` spreads) or a NAME, resolved in the file. */
function idsOf(argument: string, text: string): string[] {
  const literal = [...argument.matchAll(ID_LITERAL)].map((m) => m[1]!);
  const names = argument.startsWith('[')
    ? [...argument.matchAll(/\.\.\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!)
    : [argument];
  const resolved = names.flatMap((name) => {
    const declared = new RegExp(`const ${name}\\b[^=]*=\\s*(\\[[^\\]]*\\])`).exec(text);
    return declared ? [...declared[1]!.matchAll(ID_LITERAL)].map((m) => m[1]!) : [];
  });
  return [...literal, ...resolved];
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * The tests that verify the id: `file:line title` for each test(..., verifies([...])) naming it (read from
 * the source, so a title may show a template), then the other lines of test files that name it (ids a
 * test takes from a table of rows).
 */
function testsVerifying(id: string): string[] {
  const files = TEST_DIRS.flatMap((dir) => filesUnder(dir, (p) => p.endsWith('.ts')));
  const declared: string[] = [];
  const declaredLines = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const named = idPattern(id).test(text);
    for (const match of text.matchAll(DECLARED)) {
      const ids = idsOf(match[3] ?? `[${match[4]}]`, text);
      // ids from a table of rows, in a file that names the id: maybe this test, the lines below tell.
      const fromTable = ids.length === 0 && named;
      if (!ids.includes(id) && !fromTable) continue;
      const where = `${relative(projectRoot, file)}:${lineAt(text, match.index)}`;
      declared.push(
        `${where} ${match[2]}${fromTable ? ' (ids from a table of rows: see the lines naming it below)' : ''}`,
      );
      const end = lineAt(text, match.index + match[0].length);
      for (let line = lineAt(text, match.index); line <= end; line += 1)
        declaredLines.add(`${relative(projectRoot, file)}:${line}`);
    }
  }
  const cited = linesNaming(id, files)
    .filter((line) => !declaredLines.has(line.slice(0, line.indexOf(': '))))
    .map((line) => `named at ${line}`);
  return [...declared, ...cited];
}

/** The planted faults that break the id: `name (file:line): description`. */
async function faultsBreaking(id: string): Promise<string[]> {
  // Loaded only for a known id: the catalog pulls in the mock.
  const { FAULTS } = await import('../mock/faults/catalog.ts');
  const files = filesUnder(join(projectRoot, 'mock', 'faults'), (p) => p.endsWith('.ts'));
  const texts = files.map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n') }));
  return FAULTS.filter((fault) => fault.requirement === id).map((fault) => {
    const at = texts
      .map(({ file, lines }) => ({ file, line: lines.findIndex((l) => l.includes(`'${fault.name}'`)) }))
      .find((hit) => hit.line >= 0);
    const where = at ? `${relative(projectRoot, at.file)}:${at.line + 1}` : 'mock/faults';
    const marks = [fault.needsWrite && 'write only', fault.breaksGap && 'gap only'].filter(Boolean);
    return `${fault.name} (${where})${marks.length ? ` [${marks.join(', ')}]` : ''}: ${fault.description}`;
  });
}

const RULE_EXPORT = /^export const (\w+)\s*:\s*Rule\b/;

/**
 * The registry's rules that judge the id, each as `file:line NAME (the ids it judges)`: the registry
 * holds the rule objects; their exported names and places are read from lib/rules.
 */
async function registryRules(id: string): Promise<string[]> {
  const wanted = rulesOf(id);
  if (wanted.length === 0) return [];
  const files = filesUnder(join(projectRoot, 'lib', 'rules'), (p) => p.endsWith('.ts'));
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const exported = lines.flatMap((line, i) => {
      const name = RULE_EXPORT.exec(line)?.[1];
      return name ? [{ name, line: i + 1 }] : [];
    });
    if (exported.length === 0) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const { name, line } of exported) {
      const rule = wanted.find((r) => r === module[name]);
      if (rule)
        found.push(`${relative(projectRoot, file)}:${line} ${name} (judges ${rule.requirements.join(', ')})`);
    }
  }
  return found.length ? found : wanted.map((rule) => `a rule judging ${rule.requirements.join(', ')}`);
}

/** Where traffic judges every exchange with the registry's rules: a line when a rule of the registry judges the id. */
function trafficRegistry(id: string): string[] {
  if (rulesOf(id).length === 0) return [];
  const file = join(projectRoot, 'scripts', 'traffic', 'request-rules.ts');
  const at = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.startsWith('export function registryOutcomes('));
  return at < 0 ? [] : [`${relative(projectRoot, file)}:${at + 1}: registryOutcomes, with the rules above`];
}

interface TraceRow {
  id: string;
  status: string;
  why?: string[];
  tests?: unknown[];
  judged?: { summary: string };
}
interface ResultSpec {
  title: string;
  file: string;
  line: number;
  tests: { annotations: { type: string; description?: string }[]; results?: { status: string }[] }[];
}
interface ResultSuite {
  specs?: ResultSpec[];
  suites?: ResultSuite[];
}

/** Outcome lines for the id from one run's traceability.json, or undefined when the run does not know it. */
function fromTraceability(path: string, id: string): string[] | undefined {
  const rows = (JSON.parse(readFileSync(path, 'utf8')) as { rows?: TraceRow[] }).rows ?? [];
  const row = rows.find((r) => r.id === id);
  if (!row) return undefined;
  return [
    `${row.status}${row.why?.length ? `: ${row.why.join('; ')}` : ''}`,
    ...(row.judged ? [`judgements: ${row.judged.summary}`] : []),
  ];
}

/** Outcome lines for the id from one run's results.json (Playwright JSON), or undefined when no test of it ran. */
function fromResults(path: string, id: string): string[] | undefined {
  const outcomes: string[] = [];
  const walk = (suite: ResultSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (!test.annotations.some((a) => a.type === 'requirement' && a.description === id)) continue;
        const status = test.results?.at(-1)?.status ?? 'not run';
        const skip = test.annotations.find((a) => a.type === 'skip')?.description;
        const why = status === 'skipped' && skip ? ` (${skip})` : '';
        outcomes.push(`${status}: ${spec.file}:${spec.line} ${spec.title}${why}`);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  const run = JSON.parse(readFileSync(path, 'utf8')) as {
    suites?: ResultSuite[];
    config?: { metadata?: { target?: string; baseURL?: string } };
  };
  for (const suite of run.suites ?? []) walk(suite);
  const { target, baseURL } = run.config?.metadata ?? {};
  const against = target ? [`target ${target}${baseURL ? ` at ${baseURL}` : ''}`] : [];
  return outcomes.length ? [...against, ...outcomes] : undefined;
}

/** Run outputs on record in the reports folder (REPORTS_DIR, else reports/), three levels down, newest first. */
function runsOnRecord(): string[] {
  const root = process.env.REPORTS_DIR || join(projectRoot, 'reports');
  const found = filesUnder(
    root,
    (p) => /(traceability|results)\.json$/.test(p) && relative(root, p).split('/').length <= 3,
  );
  return found.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
}

/** The latest outcome of the id: the newest run on record that judged it, with where it came from. */
function latestOutcome(id: string): string[] {
  for (const path of runsOnRecord()) {
    let lines: string[] | undefined;
    try {
      lines = path.endsWith('traceability.json') ? fromTraceability(path, id) : fromResults(path, id);
    } catch {
      continue;
    }
    const shown = path.startsWith(projectRoot) ? relative(projectRoot, path) : path;
    if (lines) return [`from ${shown} (${statSync(path).mtime.toISOString()})`, ...lines];
  }
  return ['no run on record'];
}

function section(title: string, lines: string[], none: string): string {
  return [`${title}:`, ...(lines.length ? lines : [none]).map((line) => `  ${line}`)].join('\n');
}

export async function trace(req: Requirement): Promise<string> {
  const mockFiles = filesUnder(
    join(projectRoot, 'mock'),
    (p) => p.endsWith('.ts') && !p.includes('/faults/'),
  );
  const engineFiles = filesUnder(
    join(projectRoot, 'lib'),
    (p) => p.endsWith('.ts') && !p.includes('/generated/'),
  );
  const commandFiles = (name: string) =>
    filesUnder(join(projectRoot, 'scripts', name), (p) => p.endsWith('.ts'));
  const at = req.quote ? quoteLine(req.quote) : undefined;
  const quote = req.quote
    ? [
        `"${req.quote}"`,
        at ? `spec/reference/marketplace-api.md:${at}` : 'not found in spec/reference/marketplace-api.md',
      ]
    : [];
  return [
    `${req.id} (${req.area}, ${req.kind}, ${req.basis}${req.retired ? ', retired' : ''})`,
    section(
      'text',
      [req.text, `source: ${req.source}`, ...(req.untestable ? [`untestable: ${req.untestable}`] : [])],
      '',
    ),
    section('quote', quote, req.basis === 'gap' ? 'none (a gap: the reference leaves it open)' : 'none'),
    section('spec', specNodes(req), 'no spec node cites it'),
    section('mock', linesNaming(req.id, mockFiles), 'no mock code names it'),
    section('rules', await registryRules(req.id), 'no rule of the registry judges it'),
    section('engine', linesNaming(req.id, engineFiles), 'no engine code names it'),
    section('drift', linesNaming(req.id, commandFiles('drift')), 'drift does not judge it'),
    section(
      'traffic',
      [...trafficRegistry(req.id), ...linesNaming(req.id, commandFiles('traffic'))],
      'traffic does not judge it',
    ),
    section('tests', testsVerifying(req.id), 'no test verifies it'),
    section('faults', await faultsBreaking(req.id), 'no planted fault breaks it'),
    section('latest outcome', latestOutcome(req.id), 'no run on record'),
  ].join('\n');
}

async function main(): Promise<void> {
  const [wanted] = process.argv.slice(2);
  const requirements = loadRequirements();
  if (!wanted) {
    console.error('usage: npm run trace -- <REQUIREMENT-ID | words of its text>');
    process.exit(2);
  }
  const req = requirements.find((r) => r.id === wanted);
  const byText = req
    ? []
    : requirements.filter((r) => !r.retired && r.text.toLowerCase().includes(wanted.toLowerCase()));
  if (byText.length === 1 && byText[0]) {
    console.log(await trace(byText[0]));
    return;
  }
  if (byText.length > 1) {
    console.log(`${byText.length} requirements say "${wanted}":`);
    for (const r of byText) console.log(`  ${r.id}: ${r.text}`);
    return;
  }
  if (!req) {
    const near = nearIds(
      wanted,
      requirements.map((r) => r.id),
    );
    console.error(`trace: unknown requirement ${wanted}; did you mean ${near.join(', ')}?`);
    process.exit(2);
  }
  console.log(await trace(req));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: unknown) => {
    console.error(`trace: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
