import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';

/** A run as the page shows it (lib/process/run-folder.ts keeps them). */
interface KeptRun {
  id: string;
  dir: string;
  state: 'running' | 'complete' | 'interrupted' | 'earlier';
  startedAt: string;
  endedAt?: string;
  note?: string;
}

const WHAT: Record<KeptRun['state'], string> = {
  complete: 'complete',
  interrupted: 'interrupted: no verdict',
  running: 'running',
  earlier: 'reports of the layout before run folders',
};

function row(run: KeptRun, latest: string | undefined): string {
  const state = run.id === latest ? 'complete: the report (../index.html)' : WHAT[run.state];
  const page = existsSync(join(run.dir, 'index.html'))
    ? `<a href="${escapeHtml(run.id)}/index.html">${escapeHtml(run.id)}</a>`
    : `${escapeHtml(run.id)} (no pages: <a href="${escapeHtml(run.id)}/">its files</a>)`;
  const note = run.note ? ` — ${escapeHtml(run.note)}` : '';
  const ended = run.endedAt ? ` to ${escapeHtml(run.endedAt)}` : '';
  return `<li>${page}: ${escapeHtml(state)}${note} (${escapeHtml(run.startedAt)}${ended})</li>`;
}

/** `$REPORTS_DIR/runs/index.html`: the runs kept, newest first, written whole and renamed into place. */
export function writeRunsPage(home: string, runs: KeptRun[], latest: string | undefined): void {
  const dir = join(home, 'runs');
  if (!existsSync(dir)) return;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Runs kept</title></head>
<body><h1>Runs kept in this reports folder</h1>
<p><a href="../index.html">The report</a> is the last complete run; an interrupted run is kept beside it, never in its place.</p>
<ul>${runs.map((run) => row(run, latest)).join('\n')}</ul></body></html>\n`;
  const temporary = join(dir, `.index.html.${process.pid}.tmp`);
  writeFileSync(temporary, html);
  renameSync(temporary, join(dir, 'index.html'));
}
