import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSpecPath, projectRoot } from '../checks/spec.ts';

const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')}`;

/** Renders the bundled spec with Redoc from the local package (no CDN), so the page opens offline. */
export function writeSpecDocs(outDir: string): string {
  const dir = join(outDir, 'spec');
  mkdirSync(dir, { recursive: true });
  // Redoc's footer logo is fetched from its CDN; an inline image keeps the page free of network requests.
  const redoc = readFileSync(
    join(projectRoot, 'node_modules', 'redoc', 'bundles', 'redoc.standalone.js'),
    'utf8',
  );
  writeFileSync(join(dir, 'redoc.standalone.js'), redoc.replaceAll(REDOC_LOGO, INLINE_LOGO));
  const spec = readFileSync(bundledSpecPath, 'utf8').replace(/<\/script/gi, '<\\/script');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Marketplace Commerce API: the spec this run was judged against</title>
<style>body{margin:0}</style></head>
<body><div id="redoc"></div>
<script src="redoc.standalone.js"></script>
<script>
const spec = ${spec};
Redoc.init(spec, { hideDownloadButton: false, expandResponses: '200', jsonSampleExpandLevel: 3 }, document.getElementById('redoc'));
</script></body></html>
`;
  const path = join(dir, 'index.html');
  writeFileSync(path, html);
  return path;
}
