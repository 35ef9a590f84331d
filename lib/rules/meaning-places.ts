import { asked, notJudged, onOperations, successBody, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

/** "time_zone (string like GMT-03:00)": GMT and a signed hh:mm offset (GMT alone for UTC). */
export const TIME_ZONE_FORM = /^GMT([+-]\d{2}:\d{2})?$/;

export const TIME_ZONE_RULE: Rule = {
  requirements: ['VAL-COUNTRY-TIME-ZONE'],
  appliesTo: onOperations('getCountry'),
  judge(exchange) {
    const body = successBody(exchange);
    if (!body) return [];
    const where = `${asked(exchange)} time_zone`;
    const zone = body.time_zone;
    if (typeof zone !== 'string')
      return [notJudged('VAL-COUNTRY-TIME-ZONE', where, 'time_zone is not a string')];
    return [
      verdict(
        'VAL-COUNTRY-TIME-ZONE',
        where,
        TIME_ZONE_FORM.test(zone) ? undefined : `${JSON.stringify(zone)} is not a string like GMT-03:00`,
      ),
    ];
  },
};
