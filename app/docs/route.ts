// GET /docs — human-readable reference of the marketing API, rendered from our own origin.
import { apiReferencePage } from '@/lib/docs/api-reference-page';
import { defineRoute } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: () => apiReferencePage('Marketing API reference', '/openapi.json'),
});
