import type { NightChanges, NightFigures, Trend } from '../memory/history.ts';
import { esc } from './html.ts';

/** The series the chart draws, each on its own scale: requirements, then what the run cost. */
const SERIES: { key: keyof NightFigures; label: string; color: string; unit?: string }[] = [
  { key: 'verified', label: 'verified', color: '#2e9e5b' },
  { key: 'failed', label: 'failed', color: '#d0463b' },
  { key: 'notJudged', label: 'not judged', color: '#c58a00' },
  { key: 'requests', label: 'requests', color: '#1f5fbf' },
  { key: 'seconds', label: 'time', color: '#5b6475', unit: ' s' },
];

const NIGHTS_SHOWN = 30;
const PANEL_W = 210;
const PANEL_H = 64;
const GAP = 16;

const day = (date: string) => date.slice(0, 10);

function panel(nights: NightFigures[], s: (typeof SERIES)[number], x0: number): string {
  const values = nights.map((n) => Number(n[s.key] ?? 0));
  const max = Math.max(1, ...values);
  const top = 22;
  const height = PANEL_H - top - 4;
  const step = nights.length > 1 ? (PANEL_W - 8) / (nights.length - 1) : 0;
  const points = values.map((v, i) => {
    const x = x0 + 4 + (nights.length > 1 ? i * step : (PANEL_W - 8) / 2);
    const y = top + height - (height * v) / max;
    return [x, y] as const;
  });
  const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const dots = points
    .map(
      ([x, y], i) =>
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.5" fill="${s.color}"><title>${esc(`${day(nights[i]?.date ?? '')}: ${values[i]}${s.unit ?? ''} ${s.label}`)}</title></circle>`,
    )
    .join('');
  const last = values.at(-1) ?? 0;
  return `<g class="series" data-series="${esc(s.key)}"><rect x="${x0}" y="0" width="${PANEL_W}" height="${PANEL_H}" fill="#fff" stroke="#dde1e8" rx="4"/>
<text x="${x0 + 6}" y="14" font-size="12" fill="#1d2330">${esc(s.label)}: <tspan font-weight="600">${esc(`${last}${s.unit ?? ''}`)}</tspan></text>
<polyline points="${line}" fill="none" stroke="${s.color}" stroke-width="1.8"/>${dots}</g>`;
}

/** The nights as an inline SVG (no script): one small panel per series, the last nights left to right. */
export function trendChart(nights: NightFigures[]): string {
  const shown = nights.slice(-NIGHTS_SHOWN);
  const width = SERIES.length * PANEL_W + (SERIES.length - 1) * GAP;
  const panels = SERIES.map((s, i) => panel(shown, s, i * (PANEL_W + GAP))).join('\n');
  const span = `${day(shown[0]?.date ?? '')} to ${day(shown.at(-1)?.date ?? '')}`;
  return `<svg class="trend" role="img" viewBox="0 0 ${width} ${PANEL_H}" width="${width}" height="${PANEL_H}" style="max-width:100%;height:auto" aria-label="${esc(`the last ${shown.length} nights, ${span}`)}" xmlns="http://www.w3.org/2000/svg">
<title>${esc(`The last ${shown.length} nights (${span}): requirements verified, failed, not judged; requests; time`)}</title>
${panels}
</svg>`;
}

const MORE = 12;

function idList(label: string, ids: string[], cls: string): string {
  if (ids.length === 0) return '';
  const link = (id: string) => `<a href="traceability.html#${esc(id)}"><code>${esc(id)}</code></a>`;
  const head = ids.slice(0, MORE).map(link).join(', ');
  const rest =
    ids.length > MORE
      ? ` <details><summary>${ids.length - MORE} more</summary>${ids.slice(MORE).map(link).join(', ')}</details>`
      : '';
  return `<li><span class="${cls}">${ids.length} ${esc(label)}</span>: ${head}${rest}</li>`;
}

function changesList(changes: NightChanges): string {
  if (!changes.since) return '<p class="muted">The first night remembered: nothing to compare with yet.</p>';
  const items = [
    idList('newly failed', changes.newlyFailed, 'failed'),
    idList('newly verified', changes.newlyVerified, 'verified'),
    idList('dropped (verified then, not now)', changes.dropped, 'not-verified'),
  ].join('');
  const since = `Since the last night (${day(changes.since)})`;
  return items
    ? `<p>${esc(since)}:</p><ul class="changes">${items}</ul>`
    : `<p>${esc(since)}: no requirement changed status.</p>`;
}

/** The index page's section: the trend over the last nights and what changed since the last one. */
export function trendSection(trend: Trend | undefined): string {
  if (!trend || trend.nights.length === 0) return '';
  return `<h2>The last nights</h2>
${trendChart(trend.nights)}
${changesList(trend.changes)}`;
}
