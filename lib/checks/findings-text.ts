import type { JudgedFinding } from './types.ts';

const OUTCOME_WORDS: Record<JudgedFinding['outcome'], string> = {
  new: 'new (fails)',
  known: 'known (baseline)',
  reported: 'reported',
};

const WIDEST_CELL = 48;

function cell(text: string, width: number): string {
  const cut = text.length > WIDEST_CELL ? `${text.slice(0, WIDEST_CELL - 1)}…` : text;
  return cut.padEnd(width);
}

/** How many findings of each outcome: "1 new, 2 reported". */
export function findingsTally(findings: JudgedFinding[]): string {
  return (['new', 'known', 'reported'] as const)
    .map((outcome) => [outcome, findings.filter((f) => f.outcome === outcome).length] as const)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ');
}

/**
 * Findings as a plain-text table for the Playwright report: one line each, outcome, level, check,
 * requirement and field aligned in columns, the message last (the JSON stays in the annotations).
 */
export function findingsText(findings: JudgedFinding[]): string {
  const header = ['outcome', 'level', 'check', 'requirement', 'field', 'message'];
  const lines = findings.map((f) => [
    OUTCOME_WORDS[f.outcome],
    f.level,
    f.check,
    f.requirement,
    f.field,
    f.message,
  ]);
  const widths = header
    .slice(0, -1)
    .map((_, i) => Math.min(WIDEST_CELL, Math.max(...[header, ...lines].map((l) => (l[i] ?? '').length))));
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (i < widths.length ? cell(c, widths[i] ?? 0) : c))
      .join('  ')
      .trimEnd();
  return [row(header), ...lines.map(row)].join('\n');
}
