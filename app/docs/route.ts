// GET /docs — human-readable reference of the marketing API.
import { ApiReference } from '@scalar/nextjs-api-reference';

export const GET = ApiReference({ url: '/openapi.json', pageTitle: 'Marketing API reference' });
