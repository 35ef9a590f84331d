import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { RunNumbers } from './verdict/numbers.ts';
import { NOT_RUN, type TestRecord } from './verdict/results.ts';

/** The suite holding what Playwright's JUnit reporter cannot know: the judgements after the run, errors outside the tests. */
const AFTER_RUN_SUITE = 'judgements after the run';

const xml = (text: string) =>
  text.replace(
    /[&"'<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]&gt;')}]]>`;

function afterRunSuite(tests: readonly TestRecord[], errors: readonly string[]): string {
  const groups = tests.filter((t) => t.afterRun);
  const cases = [
    ...groups.map((t) => {
      const failure =
        t.outcome === 'failed'
          ? `<failure message="${xml(t.error ?? 'broken')}" type="judgement">\n${cdata(t.error ?? '')}\n</failure>\n`
          : '';
      return `<testcase name="${xml(t.title)}" classname="${xml(t.file)}">\n${failure}</testcase>`;
    }),
    ...errors.map(
      (e) =>
        `<testcase name="outside any test (global setup)" classname="global-setup">\n<error message="${xml(e)}" type="Error">\n${cdata(e)}\n</error>\n</testcase>`,
    ),
  ];
  const failed = groups.filter((t) => t.outcome === 'failed').length;
  return `<testsuite name="${AFTER_RUN_SUITE}" hostname="after-run" tests="${cases.length}" failures="${failed}" skipped="0" time="0" errors="${errors.length}">\n${cases.join('\n')}\n</testsuite>\n`;
}

/** A testcase's name and its testsuite's project, as Playwright's JUnit reporter writes them. */
const caseKey = (project: string, name: string) => `${project}\u0000${name}`;

/**
 * Makes Playwright's junit.xml say the run's numbers (lib/report/verdict/numbers.ts): a test an
 * interrupted run did not run is `<skipped message="not run: …">` (JUnit's "not executed"), not a plain
 * skip; the judgements after the run and the errors outside the tests are testcases of their own, so
 * failures + errors is every failure once. Root counts are set from the numbers. Idempotent.
 */
export function alignJunit(
  path: string,
  tests: readonly TestRecord[],
  errors: readonly string[],
  numbers: RunNumbers,
): boolean {
  if (!existsSync(path)) return false;
  let text = readFileSync(path, 'utf8');
  const notRun = new Map<string, number>();
  for (const t of tests.filter((t) => t.notRun)) {
    const key = caseKey(t.project, xml(t.title));
    notRun.set(key, (notRun.get(key) ?? 0) + 1);
  }
  text = text.replace(new RegExp(`<testsuite name="${AFTER_RUN_SUITE}"[\\s\\S]*?</testsuite>\\n?`), '');
  // Each testsuite names its project (hostname); within it, each not-run testcase's skip names why.
  text = text.replace(
    /<testsuite name="[^"]*"[^>]*?hostname="([^"]*)"[\s\S]*?<\/testsuite>/g,
    (suite, project: string) =>
      suite.replace(/<testcase name="([^"]*)"[^>]*>[\s\S]*?<\/testcase>/g, (testcase, name: string) => {
        const key = caseKey(project, name);
        const left = notRun.get(key) ?? 0;
        if (left === 0 || !/<skipped>\s*<\/skipped>/.test(testcase)) return testcase;
        notRun.set(key, left - 1);
        return testcase.replace(/<skipped>\s*<\/skipped>/, `<skipped message="${xml(NOT_RUN)}">\n</skipped>`);
      }),
  );
  text = text.replace(/<\/testsuites>\s*$/, `${afterRunSuite(tests, errors)}</testsuites>\n`);
  // Root counts: JUnit's skipped is "not executed" (skipped and not run); failures + errors, every failure once.
  const playwrightErrors = (text.match(/<error message=/g) ?? []).length - errors.length;
  const { tests: t, failures: f } = numbers;
  const groups = tests.filter((r) => r.afterRun).length;
  const root = {
    tests: t.total + groups + errors.length,
    failures: f.total - f.outside - playwrightErrors,
    skipped: t.skipped + t.notRun,
    errors: playwrightErrors + f.outside,
  };
  text = text.replace(/<testsuites ([^>]*)>/, (_whole, attrs: string) => {
    let next = attrs;
    for (const [name, value] of Object.entries(root))
      next = next.replace(new RegExp(`\\b${name}="[^"]*"`), `${name}="${value}"`);
    return `<testsuites ${next}>`;
  });
  writeFileSync(path, text);
  return true;
}
