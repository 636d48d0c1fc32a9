import { BatchAnalysis, BatchCall, BatchParams, BatchResponse } from '../batches';
import { CallDispatchRequest, CallDispatchResponse } from '../calls';
import { CallDetail, TranscriptEntry } from '../call-detail';
import { DEFAULT_TOP_UP_USD } from '../billing';
import { ApiErrorDetail, ApiErrorEnvelope } from '../error';
import {
  AuthorizationServerMetadata,
  ClientRegistration,
  OAuthError,
  OAuthTokenResponse,
  ProtectedResourceMetadata,
} from '../oauth';
import { ConcurrencyLimitError, SpeechLimits } from '../speech';
import { buildDocument, type DocumentSpec, type OpenApiDocument } from './build-document';

import { registerVoicePaths } from './voice-paths';

const spec: DocumentSpec = {
  title: 'Voice Platform API',
  version: '1.0.0',
  description:
    'AI phone calls, call and batch records, pay-as-you-go speech under per-organization concurrency limits, ' +
    'and a tool server. Authenticate with `Authorization: Bearer <API_KEY>` (a bare key is accepted too; ' +
    '`x-api-key` is not). Errors use the ApiError envelope, except the speech 429 which has its own body.',
  components: [
    ApiErrorDetail,
    ApiErrorEnvelope,
    CallDispatchRequest,
    CallDispatchResponse,
    CallDetail,
    TranscriptEntry,
    BatchParams,
    BatchAnalysis,
    BatchCall,
    BatchResponse,
    ConcurrencyLimitError,
    SpeechLimits,
    ProtectedResourceMetadata,
    AuthorizationServerMetadata,
    OAuthTokenResponse,
    OAuthError,
    ClientRegistration,
  ],
  security: { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } },
  paths: registerVoicePaths,
};

/**
 * The voice API's document. `topUpUsd` is the operator's TOP_UP_MIN_USD / TOP_UP_MAX_USD: the
 * bounds of a top-up and of an auto top-up's amount are configuration, and the document states
 * the ones this server enforces.
 */
export function voiceOpenApi(
  serverUrl: string,
  topUpUsd: { min: number; max: number } = DEFAULT_TOP_UP_USD,
): OpenApiDocument {
  const document = buildDocument(spec, serverUrl);
  const schemas = document.components?.schemas ?? {};
  // An auto top-up's amount is also at least $5 whatever the top-up minimum (its own schema).
  for (const [component, floor] of [
    ['TopUpRequest', 0],
    ['AutoTopUpRequest', 5],
  ] as const) {
    const target = (schemas[component] as { properties?: Record<string, object> } | undefined)
      ?.properties?.amount_usd;
    if (target)
      Object.assign(target, { minimum: Math.max(floor, topUpUsd.min), maximum: topUpUsd.max });
  }
  return document;
}
