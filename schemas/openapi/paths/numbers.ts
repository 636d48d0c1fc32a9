import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  NumberBuyRequest,
  NumberImportRequest,
  NumberListResponse,
  NumberParam,
  NumberReleaseResponse,
  NumberTestCallResponse,
  NumberUpdateRequest,
  PhoneNumberObject,
} from '../../numbers';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

const body = <T extends Parameters<typeof json>[0]>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const rent =
  'The first month’s rent (NUMBER_MONTHLY_FEE_USD, default $2.00; GET /v1/numbers shows it) is charged to the wallet at once, with a ledger row (`number_rent`) and an audit entry.';

const cannotPay = error(
  'INSUFFICIENT_BALANCE: the wallet (less what running calls hold) cannot pay the first month; nothing was bought.',
);

const notFound = error('NUMBER_NOT_FOUND: the organization holds no such number.');

export function registerNumberPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/v1/numbers',
    operationId: 'listNumbers',
    tags: ['Numbers'],
    summary: 'The organization’s phone numbers',
    security: bearer,
    responses: { 200: json(NumberListResponse, 'Every number held.'), ...authErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/numbers',
    operationId: 'buyNumber',
    tags: ['Numbers'],
    summary: 'Rent a new phone number',
    description: `With a carrier: the first available local number matching the search is bought and its calls sent to this service (saved agents answer them; see PATCH). On the sandbox line: a fictional North American number, +1 (area code, 415 unless asked) 555-0110 to 555-0199, labelled sandbox; it rings nowhere. ${rent}`,
    security: bearer,
    request: body(NumberBuyRequest),
    responses: {
      201: json(PhoneNumberObject, 'The number, now the organization’s.'),
      400: error('INVALID_BODY: a bad country, area_code or contains; `error.field` names it.'),
      402: cannotPay,
      404: error('NO_NUMBERS_AVAILABLE: no number matches the search.'),
      ...authErrors,
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/numbers/import',
    operationId: 'importNumber',
    tags: ['Numbers'],
    summary: 'Take a number already in the carrier account',
    description: `The number’s calls are sent to this service from then on. On the sandbox line only its fictional numbers can be imported. ${rent}`,
    security: bearer,
    request: body(NumberImportRequest),
    responses: {
      201: json(PhoneNumberObject, 'The number, now the organization’s.'),
      400: error('INVALID_BODY: not an E.164 number.'),
      402: cannotPay,
      404: error('NUMBER_NOT_FOUND: the carrier account holds no such number.'),
      409: error('NUMBER_TAKEN: an organization already holds this number.'),
      ...authErrors,
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'patch',
    path: '/v1/numbers/{number}',
    operationId: 'updateNumber',
    tags: ['Numbers'],
    summary: 'Assign the answering agent, or a label',
    description:
      'inbound_agent_id: the saved agent that answers calls to the number (null: none, and callers hear a short message). Fields left out stay. Audited.',
    security: bearer,
    request: { params: NumberParam, ...body(NumberUpdateRequest) },
    responses: {
      200: json(PhoneNumberObject, 'The number.'),
      400: error('INVALID_BODY: a field of the wrong type; `error.field` names it.'),
      404: error(
        'NUMBER_NOT_FOUND: the organization holds no such number. AGENT_NOT_FOUND: inbound_agent_id is not one of its agents.',
      ),
      ...authErrors,
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/v1/numbers/{number}',
    operationId: 'releaseNumber',
    tags: ['Numbers'],
    summary: 'Release a number',
    description:
      'A bought number goes back to the carrier; no more rent is charged (the month paid is not refunded). Audited.',
    security: bearer,
    request: { params: NumberParam },
    responses: { 200: json(NumberReleaseResponse, 'Released.'), 404: notFound, ...authErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/numbers/{number}/test-call',
    operationId: 'testCallNumber',
    tags: ['Numbers'],
    summary: 'Ring a number from a scripted caller (sandbox line)',
    description:
      'On the sandbox line only: a scripted caller rings the number and its agent answers, as a caller would be answered on a carrier — an inbound call (`direction: "inbound"`) with a transcript, a price per minute from the wallet and the agent’s webhook.',
    security: bearer,
    request: { params: NumberParam },
    responses: {
      201: json(NumberTestCallResponse, 'The call started; it plays on the sandbox line.'),
      402: error('INSUFFICIENT_BALANCE: the wallet cannot pay a minute.'),
      404: notFound,
      409: error(
        'NO_INBOUND_AGENT: no agent answers the number. TEST_CALL_NOT_AVAILABLE: the server has a carrier (call the number from a phone).',
      ),
      429: error('LINES_BUSY: the organization’s concurrency cap is full.'),
      ...authErrors,
    },
  });
}
