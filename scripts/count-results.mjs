// Prints "N passed, N failed[, N skipped]" from Playwright's JSON report; exits 1 on any failure or no test.
// An error outside any test (a global setup that found the target silent) counts as a failure.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'reports/results.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log('0 passed, 1 failed');
  console.error(`no Playwright JSON report at ${file}: ${error.message}`);
  process.exit(1);
}
const { stats } = report;
const errors = report.errors ?? [];
for (const error of errors)
  console.error(`error outside the tests: ${String(error.message ?? '').split('\n')[0]}`);
const passed = stats.expected + stats.flaky;
const failed = stats.unexpected + errors.length;
const skipped = stats.skipped;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
