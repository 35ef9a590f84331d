// Prints "N passed, N failed[, N skipped]" from Playwright's JSON report; exits 1 on any failure or no test.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'reports/results.json';
let stats;
try {
  stats = JSON.parse(readFileSync(file, 'utf8')).stats;
} catch (error) {
  console.log('0 passed, 1 failed');
  console.error(`no Playwright JSON report at ${file}: ${error.message}`);
  process.exit(1);
}
const passed = stats.expected + stats.flaky;
const failed = stats.unexpected;
const skipped = stats.skipped;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
