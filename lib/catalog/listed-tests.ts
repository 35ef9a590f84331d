import { runCommand } from '../process/launch.ts';

/** One target test as Playwright lists it: where it is, its tags and the requirement ids it names. */
interface ListedTest {
  title: string;
  file: string;
  tags: string[];
  requirements: string[];
}

interface JsonSuite {
  specs?: {
    title: string;
    file: string;
    tags: string[];
    tests: { annotations: { type: string; description?: string }[] }[];
  }[];
  suites?: JsonSuite[];
}

function flatten(suite: JsonSuite): ListedTest[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.map((test) => ({
      title: spec.title,
      file: spec.file,
      tags: spec.tags.map((tag) => (tag.startsWith('@') ? tag : `@${tag}`)),
      requirements: test.annotations.filter((a) => a.type === 'requirement').map((a) => a.description ?? ''),
    })),
  );
  return [...own, ...(suite.suites ?? []).flatMap(flatten)];
}

/** The contract and property tests with their tags and requirement annotations, from `playwright test --list`. */
export function listTargetTests(): ListedTest[] {
  const run = runCommand(
    'npx',
    ['playwright', 'test', '--list', '--project', 'contract', '--project', 'properties', '--reporter=json'],
    { env: { TARGET: 'mock', BASE_URL: undefined } },
  );
  if (run.status !== 0) throw new Error(`playwright --list failed: ${run.stderr.slice(0, 500)}`);
  const report = JSON.parse(run.stdout) as { suites: JsonSuite[] };
  return report.suites.flatMap(flatten);
}
