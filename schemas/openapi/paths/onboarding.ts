import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  OnboardingPollRequest,
  OnboardingPollResponse,
  OnboardingStartRequest,
  OnboardingStartResponse,
} from '../../onboarding';
import { z } from '../../zod';
import { error, json, tooLarge } from './voice-common';

const limited = {
  ...error(
    'RATE_LIMITED: more than 600 requests this minute from this IP on start and poll together.',
  ),
  headers: z.object({ 'Retry-After': z.string().describe('Whole seconds, at least 1.') }),
};

export function registerOnboardingPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/agent/onboarding/start',
    operationId: 'startAgentOnboarding',
    tags: ['Agent onboarding'],
    summary: 'An autonomous agent asks for its own API key (device authorization)',
    description:
      'RFC 8628 in the platform envelope, no credential. Show `user_code` and `verification_uri` to a ' +
      'person (or send them `verification_uri_complete`): signed in to the console, an owner or admin ' +
      'of an organization picks it and the key’s scopes and approves or denies. Then poll.',
    request: {
      body: {
        required: false,
        content: { 'application/json': { schema: OnboardingStartRequest } },
      },
    },
    responses: {
      200: json(OnboardingStartResponse, 'Started; expires in 600 s; poll every `interval` s.'),
      400: error('INVALID_BODY: client_name must be 1–64 characters.'),
      ...tooLarge,
      429: limited,
      500: error('INTERNAL_ERROR: retry later.'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/v1/agent/onboarding/poll',
    operationId: 'pollAgentOnboarding',
    tags: ['Agent onboarding'],
    summary: 'Whether the person approved; the key, exactly once',
    description:
      '`pending` until a person decides; `denied`; `expired` after 600 s; `approved` with `api_key`, ' +
      '`org_id` and `scopes` on the first poll after approval, and `consumed` on every later poll (the ' +
      'key is never shown again, and never to the person who approved).',
    request: {
      body: { required: true, content: { 'application/json': { schema: OnboardingPollRequest } } },
    },
    responses: {
      200: json(OnboardingPollResponse, 'The state of the onboarding.'),
      400: error('INVALID_DEVICE_CODE: no onboarding has this device_code; INVALID_BODY.'),
      ...tooLarge,
      429: {
        ...error(
          'SLOW_DOWN: polled faster than the interval, which grew by 5 s (Retry-After is the new interval); RATE_LIMITED: see start.',
        ),
        headers: z.object({ 'Retry-After': z.string() }),
      },
      500: error('INTERNAL_ERROR: retry later.'),
    },
  });
}
