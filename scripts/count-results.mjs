// Prints "N passed, N failed[, N skipped]" from Playwright's JSON report; exits 1 on any failure or no test.
// The numbers are the run's (lib/report/verdict/numbers.ts, as the verdict and the reports count them):
// a test an interrupted run never ran is "not run" (a line before), never skipped; an error outside any
// test (a global setup that found the target silent) and a judgement after the run count as failures.
import { existsSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const file = process.argv[2] ?? 'reports/results.json';
const fail = (why) => {
  console.log('0 passed, 1 failed');
  console.error(`no Playwright JSON report at ${file}: ${why}`);
  process.exit(1);
};
if (!existsSync(file)) fail('no such file');
const { readResults } = await tsImport('../lib/report/verdict/results.ts', import.meta.url);
const { closingLine, numbersNotes, runNumbers } = await tsImport(
  '../lib/report/verdict/numbers.ts',
  import.meta.url,
);
let read;
try {
  read = readResults(file);
} catch (error) {
  fail(error.message);
}
for (const error of read.errors) console.error(`error outside the tests: ${error}`);
const numbers = runNumbers(read.tests, read.errors);
for (const note of numbersNotes(numbers)) console.log(note);
console.log(closingLine(numbers));
process.exit(numbers.failures.total > 0 || numbers.tests.passed === 0 ? 1 : 0);
