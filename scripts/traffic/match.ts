// The one operation matcher of lib: traffic and the run's judge route exchanges alike.
export { type Matched, operationMatcher } from '../../lib/run-judge/match.ts';
