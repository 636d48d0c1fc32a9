import {
  BlogAuthorSummary,
  BlogListResponse,
  BlogPostSummary,
  ImageReference,
  Slug,
} from '../blog';
import { ContactRequest, ContactSuccessResponse } from '../contact';
import {
  ApiErrorDetail,
  ApiErrorEnvelope,
  BlogListErrorResponse,
  ContactErrorResponse,
  LeadErrorResponse,
} from '../error';
import {
  AttributionTouch,
  LeadAttribution,
  LeadFieldValues,
  LeadPostSubmit,
  LeadSubmissionRequest,
  LeadSuccessResponse,
} from '../leads';
import { CallStatsAnchor, CallStatsResponse } from '../stats';
import { buildDocument, type DocumentSpec, type OpenApiDocument } from './build-document';

import { registerMarketingPaths } from './marketing-paths';

const spec: DocumentSpec = {
  title: 'Marketing Site Public API',
  version: '1.0.0',
  description:
    'Blog content, a modeled calls counter, and contact/lead capture. No endpoint needs an API key. ' +
    'Every 4xx/5xx is an ApiError envelope; clients branch on `error.code`, the only field stable across releases.',
  components: [
    ApiErrorDetail,
    ApiErrorEnvelope,
    BlogListErrorResponse,
    ContactErrorResponse,
    LeadErrorResponse,
    ImageReference,
    Slug,
    BlogAuthorSummary,
    BlogPostSummary,
    BlogListResponse,
    CallStatsAnchor,
    CallStatsResponse,
    ContactRequest,
    ContactSuccessResponse,
    LeadSubmissionRequest,
    LeadFieldValues,
    LeadAttribution,
    AttributionTouch,
    LeadPostSubmit,
    LeadSuccessResponse,
  ],
  paths: registerMarketingPaths,
};

export function marketingOpenApi(serverUrl: string): OpenApiDocument {
  return buildDocument(spec, serverUrl);
}
