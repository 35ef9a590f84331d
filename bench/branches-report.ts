import { fails, percent, type TargetFigures } from './branches-figures.ts';

const row = (f: TargetFigures) =>
  `| ${f.name} | ${f.reads} | ${f.held} | ${f.seen} (${percent(f.seen, f.held)}) | ` +
  `${f.judged} (${percent(f.judged, f.held)}) | ${fails(f) ? '**below 95%**' : f.judged < f.held ? 'listed' : 'all'} | ${f.status} | ${f.source} |`;

function unseenSection(f: TargetFigures): string {
  if (f.unseen.size === 0) return `### ${f.name}\n\nEvery held branch seen.\n`;
  const groups = [...f.unseen].map(
    ([op, branches]) => `- **${op}** (${branches.length}): ${branches.map((b) => `\`${b}\``).join(', ')}`,
  );
  return `### ${f.name}\n\n${groups.join('\n')}\n`;
}

function unjudgedSection(f: TargetFigures): string {
  if (f.unjudged.length === 0) return `### ${f.name}\n\nEvery held branch seen is judged.\n`;
  return `### ${f.name}\n\n${f.unjudged.map((u) => `- \`${u.key}\`: ${u.why}`).join('\n')}\n`;
}

/** bench/branches.md: the figures per target, then the unseen held branches of each, largest groups first. */
export function reportOf(figures: readonly TargetFigures[], summary: string): string {
  const table = [
    '| target | held reads | held branches | seen | judged | judged share | run exit | branches from |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.map(row),
  ];
  return (
    `# Held answer branches seen and judged per target\n\n${summary}\n\n${table.join('\n')}\n\n` +
    `## Held branches no answer of the run showed\n\n${figures.map(unseenSection).join('\n')}\n` +
    `## Held branches seen but judged by no rule, and why\n\n${figures.map(unjudgedSection).join('\n')}`
  );
}

/** What the console shows: the figures and the three largest groups of unseen held branches. */
export function consoleLineOf(f: TargetFigures): string {
  const largest = [...f.unseen].slice(0, 3).map(([op, branches]) => `${op} ${branches.length}`);
  return (
    `${f.name}: held ${f.held} (${f.reads} reads), seen ${f.seen} (${percent(f.seen, f.held)}), ` +
    `judged ${f.judged} (${percent(f.judged, f.held)}), exit ${f.status}, from ${f.source}` +
    (largest.length ? `; unseen: ${largest.join(', ')}` : '')
  );
}
