import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSpecPath, projectRoot } from '../../fixtures/conformance/spec.ts';

/** Renders the bundled spec with Redoc from the local package (no CDN), so the page opens offline. */
export function writeSpecDocs(outDir: string): string {
  const dir = join(outDir, 'spec');
  mkdirSync(dir, { recursive: true });
  copyFileSync(
    join(projectRoot, 'node_modules', 'redoc', 'bundles', 'redoc.standalone.js'),
    join(dir, 'redoc.standalone.js'),
  );
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
