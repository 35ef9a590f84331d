import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import {
  asked,
  isObject,
  type Json,
  leftOut,
  list,
  notJudged,
  onOperations,
  successBody,
  verdict,
} from './meaning-kit.ts';
import type { Rule } from './rule.ts';

/** The delivery promises an answer holds, each with where it stands. */
function promisesOf(exchange: Exchange): [string, Json][] {
  const body = successBody(exchange);
  if (!body) return [];
  const where = asked(exchange);
  const lead = isObject(body.lead_time) ? body.lead_time : body;
  const direct = isObject(lead.estimated_delivery_time)
    ? [[`${where} estimated_delivery_time`, lead.estimated_delivery_time] as [string, Json]]
    : [];
  const options = list(body.options).flatMap((option, i): [string, Json][] =>
    isObject(option.estimated_delivery_time)
      ? [[`${where} options[${i}].estimated_delivery_time`, option.estimated_delivery_time]]
      : [],
  );
  return [...direct, ...options];
}

const PROMISE_READS = onOperations('getShipment', 'getShipmentLeadTime', 'getShippingOptions');

/** "unit (time unit of shipping, handling and offset.shipping; hour)": the unit, when given, is hour. */
export const PROMISE_UNIT_RULE: Rule = {
  requirements: ['VAL-EDT-UNIT-HOUR'],
  appliesTo: PROMISE_READS,
  judge: (exchange) =>
    promisesOf(exchange).map(
      ([where, promise]): Judgement =>
        promise.unit === undefined || promise.unit === null
          ? notJudged('VAL-EDT-UNIT-HOUR', where, 'the promise leaves unit out')
          : verdict(
              'VAL-EDT-UNIT-HOUR',
              where,
              promise.unit === 'hour' ? undefined : `unit ${JSON.stringify(promise.unit)}`,
            ),
    ),
};

const given = (value: unknown) => value !== undefined && value !== null;

/** What a promise of this type and handling shows against the reference's type values, or undefined. */
function handlingFailure(promise: Json): string | undefined {
  const offset = isObject(promise.offset) ? promise.offset : {};
  const handlingKnown = given(promise.handling);
  if (!handlingKnown && (given(promise.date) || given(offset.date)))
    return `handling is ${JSON.stringify(promise.handling)} yet date ${JSON.stringify(promise.date)} / offset.date ${JSON.stringify(offset.date)} are given`;
  if ((promise.type === 'unknown' || promise.type === 'unknown_frame') && handlingKnown)
    return `type ${promise.type} (handling unknown) with handling ${JSON.stringify(promise.handling)}`;
  if ((promise.type === 'known' || promise.type === 'known_frame') && !handlingKnown)
    return `type ${promise.type} (handling known) with handling ${JSON.stringify(promise.handling)}`;
  return undefined;
}

/**
 * "date and offset.date exist only if the handling time is known", and the type values: known and
 * known_frame have a handling time, unknown (handling null) and unknown_frame (handling unknown) none.
 */
export const PROMISE_HANDLING_RULE: Rule = {
  requirements: ['VAL-EDT-HANDLING-KNOWN'],
  appliesTo: PROMISE_READS,
  judge: (exchange) =>
    promisesOf(exchange).map(
      ([where, promise]): Judgement =>
        promise.handling === undefined
          ? leftOut('VAL-EDT-HANDLING-KNOWN', where, where, 'handling')
          : verdict('VAL-EDT-HANDLING-KNOWN', where, handlingFailure(promise)),
    ),
};
