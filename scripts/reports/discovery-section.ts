import type { DiscoveryResult, NeedState } from '../../fixtures/discovery/index.ts';
import { esc } from './html.ts';

const CLASS: Record<NeedState['state'], string> = {
  given: 'verified',
  discovered: 'mock-only',
  'not found': 'not-verified',
};

/** Each data need of the run: given by the profile, discovered (and from where), or not found. */
export function discoverySection(
  needs: NeedState[] | undefined,
  result: DiscoveryResult | undefined,
): string {
  if (!needs) return '<p class="muted">No discovery ran (no contract or property test in this run).</p>';
  const counts = { given: 0, discovered: 0, 'not found': 0 };
  for (const need of needs) counts[need.state] += 1;
  const limits = result
    ? `${result.requestsUsed} of ${result.requestBudget} requests, ${(result.durationMs / 1000).toFixed(1)} s of ${(result.timeLimitMs / 1000).toFixed(0)} s${result.stoppedBy ? `, stopped by the ${result.stoppedBy} limit` : ''}`
    : 'no discovery result';
  const rows = needs
    .map(
      (n) =>
        `<tr><td><code>${esc(n.path)}</code></td><td>${esc(n.what)}</td><td class="${CLASS[n.state]}">${esc(n.state)}</td><td class="muted">${esc(n.from ?? '')}</td></tr>`,
    )
    .join('');
  return `<p>${counts.given} given by the profile, ${counts.discovered} discovered on the target, ${counts['not found']} not found (${esc(limits)}). Tests needing a value not found are reported not verified.</p>
<details><summary>Every data need</summary><table><thead><tr><th>Need</th><th>What</th><th>State</th><th>Found by</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}
