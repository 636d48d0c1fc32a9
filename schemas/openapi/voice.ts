import { BatchAnalysis, BatchCall, BatchParams, BatchResponse } from '../batches';
import { CallDetail, CallDispatchRequest, CallDispatchResponse, TranscriptEntry } from '../calls';
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

export function voiceOpenApi(serverUrl: string): OpenApiDocument {
  return buildDocument(spec, serverUrl);
}
