// GET /openapi.json — the marketing API's OpenAPI 3.1 document, generated from schemas/.
import { defineRoute, publicOrigin } from '@/lib/platform/http';
import { marketingOpenApi } from '@/schemas/openapi/marketing';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: () => Response.json(marketingOpenApi(publicOrigin('marketing'))),
});
