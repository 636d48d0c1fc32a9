// GET /v1/openapi.json — the voice API's OpenAPI 3.1 document, generated from schemas/.
import { defineRoute, publicOrigin } from '@/lib/http';
import { voiceOpenApi } from '@/schemas/openapi/voice';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: () => Response.json(voiceOpenApi(publicOrigin('voice'))),
});
