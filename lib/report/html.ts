import escapeHtml from 'escape-html';

/** Escapes text for HTML element content and attribute values (by the escape-html package). */
export function esc(text: unknown): string {
  return escapeHtml(String(text ?? ''));
}

/** A requirement or test status as a CSS class name ("not judged" → "not-judged"). */
export function statusClass(status: string): string {
  return status.replaceAll(' ', '-');
}

/** A self-contained page: no external scripts, fonts or styles, so it opens anywhere offline. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px}
.muted{color:#5b6475} a{color:#1f5fbf}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.card{background:#fff;border:1px solid #dde1e8;border-radius:8px;padding:12px 16px;min-width:150px}
.card b{display:block;font-size:22px}.card span{display:block}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #dde1e8}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eceff3;vertical-align:top}
th{background:#eef1f5;font-weight:600}
td{overflow-wrap:anywhere}
.verified{color:#16703a;font-weight:600}.failed{color:#b3261e;font-weight:600}
.skipped,.not-verified,.not-judged{color:#8a5a00;font-weight:600}.verified-from-traffic{color:#16703a}.mock-only{color:#2f5fb3}.read-only{color:#5b6475}.uncovered{color:#6b2fb3;font-weight:600}.untestable{color:#5b6475}
.pass{background:#e7f6ec}.fail{background:#fde8e6}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
ul{margin:0;padding-left:18px}
.bar{display:flex;height:14px;min-width:240px;border-radius:3px;overflow:hidden;background:#eceff3}
.bar i{display:block;height:100%}.bar .verified{background:#2e9e5b}.bar .failed{background:#d0463b}
.bar .not-verified{background:#e0a526}.bar .mock-only{background:#7d9fd8}.bar .read-only{background:#b6bcc7}
.bar .uncovered{background:#c7b3e6}.bar .untestable{background:#e3e5ea}
.bar .not-judged{background:#f2cf7a}.bar .verified-from-traffic{background:#8fd1a9}
.failures{padding-left:22px;margin:0}
.failure{background:#fff;border:1px solid #f0c4bf;border-left:4px solid #b3261e;border-radius:6px;padding:10px 12px;margin:0 0 10px}
.message{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px;background:#fde8e6;padding:6px 8px;border-radius:4px;margin:6px 0;white-space:pre-wrap;overflow-wrap:anywhere}
pre.replay{font-size:12.5px;background:#1d2330;color:#f6f7f9;padding:6px 8px;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;margin:6px 0 0}
ul.requirements{margin:4px 0}
.judged{display:block;font-weight:400;color:#5b6475;margin-top:2px}
.findings th:nth-child(1){width:17%}.findings th:nth-child(2){width:20%}.findings th:nth-child(3){width:13%}.findings th:nth-child(4){width:7%}
.omissions th:nth-child(1){width:22%}.omissions th:nth-child(2){width:6%}
.trace th:nth-child(1){width:15%}.trace th:nth-child(2){width:34%}.trace th:nth-child(3){width:26%}
details summary{cursor:pointer}
details.family,details.first-family{background:#fff;border:1px solid #dde1e8;border-radius:6px;margin:0 0 6px;padding:2px 10px}
details.family>summary,details.first-family>summary{padding:6px 0}
details.family table,details.first-family table{border:0;margin:0 0 8px}
ul.grouped{margin:6px 0}ul.grouped li{margin:0 0 4px}
svg.trend{display:block;margin:8px 0}ul.changes li{margin:0 0 4px}
.filters{position:sticky;top:0;z-index:1;background:#f6f7f9;padding:6px 0;display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:12px 0}
.filters input{flex:1;min-width:240px}
.filters input,.filters select{font:inherit;padding:4px 6px}
</style></head><body><main>${body}</main></body></html>
`;
}
