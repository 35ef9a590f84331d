import { type DiscoveryResult, failedWords, type NeedState } from '../discovery/index.ts';
import { esc } from './html.ts';

const CLASS: Record<NeedState['state'], string> = {
  given: 'verified',
  discovered: 'mock-only',
  'not found': 'not-verified',
  'read failed': 'failed',
};

/** "read failed (...)", "not found after 12 reads", or the state. */
function stateWords(need: NeedState): string {
  if (need.state === 'read failed') return failedWords(need);
  if (need.state === 'not found' && need.reads !== undefined)
    return need.reads === 0 ? 'not found (no read was made for it)' : `not found after ${need.reads} reads`;
  return need.state;
}

/** Each data need of the run: given by the profile, discovered (and from which read), not found, or read failed (with the status). */
export function discoverySection(
  needs: NeedState[] | undefined,
  result: DiscoveryResult | undefined,
): string {
  if (!needs) return '<p class="muted">No discovery ran (no contract or property test in this run).</p>';
  const counts = { given: 0, discovered: 0, 'not found': 0, 'read failed': 0 };
  for (const need of needs) counts[need.state] += 1;
  const limits = result
    ? `${result.requestsUsed} of ${result.requestBudget} requests, ${(result.durationMs / 1000).toFixed(1)} s of ${(result.timeLimitMs / 1000).toFixed(0)} s${result.stoppedBy ? `, stopped by the ${result.stoppedBy} limit` : ''}`
    : 'no discovery result';
  const rows = needs
    .map(
      (n) =>
        `<tr><td><code>${esc(n.path)}</code></td><td>${esc(n.what)}</td><td class="${CLASS[n.state]}">${esc(stateWords(n))}</td><td class="muted">${esc(n.state === 'read failed' ? '' : (n.from ?? ''))}</td></tr>`,
    )
    .join('');
  return `<p>${counts.given} given by the profile, ${counts.discovered} discovered on the target, ${counts['not found']} not found, ${counts['read failed']} read failed (${esc(limits)}). Tests needing a value not found, or whose read failed, are reported not verified; a read failed is the target's answer (or silence), never a sign the data is absent.</p>
<details><summary>Every data need</summary><table><thead><tr><th>Need</th><th>What</th><th>State</th><th>Found by</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}
