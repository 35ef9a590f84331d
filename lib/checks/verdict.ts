import { test } from '@playwright/test';
import type { TargetProfile } from '../profile/types.ts';
import { baselinePath, isKnown, keyOf, readBaseline } from './baseline.ts';
import type { Finding } from './findings.ts';
import { findingsTally, findingsText } from './findings-text.ts';
import { alwaysPresent, loadMemory, type PresenceMemory } from './presence.ts';
import { conditionedField } from './presence-conditions.ts';
import { FINDING_ANNOTATION, type JudgedFinding } from './types.ts';

export type { JudgedFinding } from './types.ts';

const known = new Map<string, Set<string>>();

function knownKeys(target: TargetProfile): Set<string> {
  const path = baselinePath(target) ?? '';
  let keys = known.get(path);
  if (!keys) {
    keys = new Set(readBaseline(path || undefined).map(keyOf));
    known.set(path, keys);
  }
  return keys;
}

/**
 * How an omission counts on this target: "fail" (every one; the mock's default, whose answers carry
 * every listed field), "report" (never), or "remember" (the default elsewhere): reported, except a
 * field that the memory shows present in every answer of the operation, in every element of a list
 * (the target's remembered runs, else production's captures), whose absence is a field that
 * disappeared: a regression, and it fails.
 */
function omissionPolicy(target: Pick<TargetProfile, 'omissions' | 'isMock'>): 'fail' | 'report' | 'remember' {
  return target.omissions ?? (target.isMock ? 'fail' : 'remember');
}

const memories = new Map<string, PresenceMemory>();

function memoryOf(target: TargetProfile): PresenceMemory {
  const key = target.memory ?? '';
  let memory = memories.get(key);
  if (!memory) {
    memory = loadMemory(target);
    memories.set(key, memory);
  }
  return memory;
}

function judgeOmission(finding: Finding, target: TargetProfile): JudgedFinding {
  const policy = omissionPolicy(target);
  if (policy === 'fail') return { ...finding, outcome: 'new' };
  if (policy === 'report') return { ...finding, outcome: 'reported' };
  // A 206 answers what it could obtain (ORD-READ-PARTIAL): the memory of full answers does not hold for it.
  if (finding.evidence.status === 206) return { ...finding, outcome: 'reported' };
  const memory = memoryOf(target);
  const tally = memory.presence[finding.operation];
  const where = finding.condition ? conditionedField(finding.field, finding.condition) : undefined;
  const always = alwaysPresent(tally, finding.field);
  if (!always && !(where && alwaysPresent(tally, where))) return { ...finding, outcome: 'reported' };
  const among = always ? '' : ` of every object with ${finding.condition}`;
  const message = `${finding.message}; it disappeared: present in every answer${among} of ${memory.source} (every element, in a list); it fails every run until the baseline accepts it (--update-baseline)`;
  return { ...finding, message, outcome: 'new' };
}

/** Judges the findings of one answer on this target against its policy and baseline. */
export function judge(findings: Finding[], target: TargetProfile): JudgedFinding[] {
  const keys = knownKeys(target);
  return findings.map((finding) => {
    if (isKnown(keys, finding)) return { ...finding, outcome: 'known' };
    if (finding.level === 'omission') return judgeOmission(finding, target);
    return { ...finding, outcome: 'new' };
  });
}

/**
 * The findings that fail the test now: the new ones, except while a baseline is being recorded
 * (CONFORMANCE_UPDATE_BASELINE=1), when every test runs to its end so the baseline sees everything.
 */
export function failingOf(judged: JudgedFinding[], env = process.env): JudgedFinding[] {
  if (env.CONFORMANCE_UPDATE_BASELINE === '1') return [];
  return judged.filter((finding) => finding.outcome === 'new');
}

/**
 * Records the findings on the running test, once per deviation (the first answer as evidence): as a
 * table a reader reads in the Playwright report (an attachment per answer, beside its request), and as
 * `_finding` annotations of JSON for the verdict; the report hides annotations whose type starts with `_`.
 */
export function recordFindings(judged: JudgedFinding[]): void {
  const info = test.info();
  const seen = new Set(
    info.annotations
      .filter((a) => a.type === FINDING_ANNOTATION)
      .map((a) => keyOf(JSON.parse(a.description ?? '{}') as JudgedFinding)),
  );
  const first: JudgedFinding[] = [];
  for (const finding of judged) {
    if (seen.has(keyOf(finding))) continue;
    seen.add(keyOf(finding));
    first.push(finding);
    info.annotations.push({ type: FINDING_ANNOTATION, description: JSON.stringify(finding) });
  }
  if (first.length === 0) return;
  const operations = [...new Set(first.map((f) => f.operation))].join(', ');
  info.attachments.push({
    name: `findings: ${operations} (${findingsTally(first)})`,
    contentType: 'text/plain',
    body: Buffer.from(findingsText(first)),
  });
}
