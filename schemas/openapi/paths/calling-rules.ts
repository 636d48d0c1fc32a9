import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  CallingRulesRequest,
  CallingRulesResponse,
  DncAddRequest,
  DncChangeResponse,
  DncListQuery,
  DncListResponse,
  DncRemoveRequest,
} from '../../calling-rules';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

const rules =
  'Every dial is checked (a single call at dispatch and again at its dial; each batch call, retry ' +
  'and deferred call at its own dial): premium-rate, shared-cost, UAN/personal and +881/+882/+883 ' +
  'numbers and the operator’s denied prefixes are refused (400 DESTINATION_NOT_ALLOWED); countries ' +
  'outside the service’s list or the organization’s (403 COUNTRY_NOT_ALLOWED); numbers on the ' +
  'organization’s or the operators’ do-not-call list (409 NUMBER_ON_DNC_LIST); outside calling ' +
  'hours in any time zone the number may ring in (422 OUTSIDE_CALLING_HOURS with `next_allowed_at`, ' +
  'or queued with `defer_to_calling_hours`); a caller ID the organization may not present (400 ' +
  'FROM_NOT_ALLOWED); with a carrier, real numbers for an organization without a deposit (402 ' +
  'DEPOSIT_REQUIRED) and, for a new organization (first 7 days, until $50 of deposits), more than 3 ' +
  'real calls at once (they wait), 50 a day or a second country (429 VELOCITY_LIMIT with ' +
  'Retry-After). A batch call refused at its dial ends as call_error with the code first in ' +
  'its error_message. `disclosures`: the agent’s first line opens with the AI disclosure (on by ' +
  'default) and, when `record` is true and the number is in an all-party-consent jurisdiction ' +
  '(US states CA, FL, IL, MD, MA, MT, NH, PA, WA by the number; countries the service lists), the ' +
  'recording notice.';

const ownerOrAdmin =
  'INSUFFICIENT_SCOPE: the key lacks the scope; FORBIDDEN: only keys made by an owner or an admin may change this.';

const body = <T extends Parameters<typeof json>[0]>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export function registerCallingRulesPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/v1/calling-rules',
    operationId: 'getCallingRules',
    tags: ['Calling rules'],
    summary: 'The organization’s calling rules',
    description: `Its countries, calling hours and disclosures, the service’s (which it narrows) and the window in force. ${rules}`,
    security: bearer,
    responses: { 200: json(CallingRulesResponse, 'The rules.'), ...authErrors },
  });
  registry.registerPath({
    method: 'put',
    path: '/v1/calling-rules',
    operationId: 'putCallingRules',
    tags: ['Calling rules'],
    summary: 'Narrow the countries and calling hours; set the disclosures',
    description: `Saves the fields sent (audited). Owners and admins only. ${rules}`,
    security: bearer,
    request: body(CallingRulesRequest),
    responses: {
      200: json(CallingRulesResponse, 'Saved.'),
      400: error(
        'INVALID_BODY: a malformed time, end not after start, an unknown country, a country or hours beyond the service’s (named in `field`); nothing was saved.',
      ),
      ...authErrors,
      403: error(ownerOrAdmin),
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/dnc',
    operationId: 'listDnc',
    tags: ['Calling rules'],
    summary: 'The organization’s do-not-call list',
    description:
      'In number order, paged with `next_cursor`; `number` asks whether one number is listed. The operators’ list is honoured too but not shown.',
    security: bearer,
    request: { query: DncListQuery },
    responses: {
      200: json(DncListResponse, 'One page.'),
      400: error('INVALID_QUERY: a number that is not E.164, a bad limit or cursor.'),
      ...authErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/dnc',
    operationId: 'addDnc',
    tags: ['Calling rules'],
    summary: 'List numbers as do-not-call',
    description:
      'One number or up to 10,000 (audited). A listed number keeps its first entry. Listed numbers are refused at every dial: 409 NUMBER_ON_DNC_LIST for a single call, call_error for a batch call.',
    security: bearer,
    request: body(DncAddRequest),
    responses: {
      200: json(DncChangeResponse, '`added` and `already_listed`.'),
      400: error(
        'INVALID_BODY: neither or both of number/numbers, more than 10,000 numbers, a number that is not E.164; nothing was listed.',
      ),
      ...authErrors,
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/v1/dnc',
    operationId: 'removeDnc',
    tags: ['Calling rules'],
    summary: 'Take numbers off the do-not-call list',
    description:
      'One number or up to 10,000 (audited). Owners and admins only: only with the callee’s consent.',
    security: bearer,
    request: body(DncRemoveRequest),
    responses: {
      200: json(DncChangeResponse, '`removed`.'),
      400: error('INVALID_BODY: as for POST; nothing was removed.'),
      ...authErrors,
      403: error(ownerOrAdmin),
      ...tooLarge,
    },
  });
}
