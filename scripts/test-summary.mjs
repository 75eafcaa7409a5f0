// Prints a Vitest JSON report as one plain closing line: "<label>: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const [file, label = 'tests'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(
  `${label.replace(/\s+/g, '-')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
if (report.numFailedTests > 0 || report.numTotalTests === 0) process.exit(1);
