/**
 * The folder rules of lib/README.md, run by dependency-cruiser over the whole project: the rules of
 * .dependency-cruiser.cjs (nothing of lib/ or scripts/ imports tests/, lib/ imports neither scripts/
 * nor the mock, the mock imports neither lib/ nor tests/, no file-level cycle), fixtures/ holding no
 * code but fixtures/index.ts, and no import cycle between folders.
 */
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';

const ROOTS = ['lib', 'scripts', 'tests', 'mock', 'fixtures', 'bench', 'playwright.config.ts'];
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

/** The folder a file belongs to: lib/<area>[/<sub>], scripts/<command>, tests/<project>, mock, fixtures, bench. */
function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  const [top, second] = parts;
  if (top === 'lib') return parts.slice(0, -1).join('/');
  if (top === 'scripts' || top === 'tests') return second && `${top}/${second.replace(/\.[cm]?[jt]s$/, '')}`;
  if (top === 'mock' || top === 'fixtures' || top === 'bench') return top;
  return undefined;
}

/** Every import between two different folders, as a graph of folder → folders it imports. */
function folderGraph(result: ICruiseResult): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of result.modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** The cycles of a graph, each as the path that closes it (a → b → a), one per strongly connected pair. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const walk = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0] as string);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        cycles.add([...turned, turned[0]].join(' → '));
      } else walk(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) walk(node, [node]);
  return [...cycles].sort();
}

let result: ICruiseResult;

test.describe('architecture: the folder rules hold', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const cruised = await cruise(ROOTS, {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    result = cruised.output as ICruiseResult;
  });

  test('no import breaks a rule of .dependency-cruiser.cjs (wrong-way imports, file-level cycles)', () => {
    const broken = result.summary.violations.map(
      (v) =>
        `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`,
    );
    expect(broken).toEqual([]);
  });

  test('every import was resolved (a rule cannot judge an import it cannot follow)', () => {
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies.filter((d) => d.couldNotResolve).map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolved).toEqual([]);
  });

  test('fixtures/ holds no code but fixtures/index.ts', () => {
    const code = result.modules
      .map((m) => m.source)
      .filter((source) => /^fixtures\/.*\.[cm]?[jt]s$/.test(source) && source !== 'fixtures/index.ts');
    expect(code).toEqual([]);
  });

  test('no import cycle between folders (lib/<area>, scripts/<command>, tests/<project>, mock, fixtures, bench)', () => {
    expect(cyclesOf(folderGraph(result))).toEqual([]);
  });
});
