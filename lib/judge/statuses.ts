/** Every status a requirement can have in a run (lib/report/traceability.ts gives each its status). */
export type RequirementStatus =
  | 'verified'
  | 'verified from traffic'
  | 'failed'
  | 'not judged'
  | 'not verified'
  | 'mock-only'
  | 'read-only'
  | 'uncovered'
  | 'untestable';

/** The statuses in the order the pages show them. */
export const REQUIREMENT_STATUSES: RequirementStatus[] = [
  'verified',
  'verified from traffic',
  'failed',
  'not judged',
  'not verified',
  'mock-only',
  'read-only',
  'uncovered',
  'untestable',
];
