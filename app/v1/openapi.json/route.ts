// GET /v1/openapi.json — the voice API's OpenAPI 3.1 document, generated from schemas/.
import { getConfig } from '@/lib/platform/config/config';
import { defineRoute, publicOrigin } from '@/lib/platform/http';
import { voiceOpenApi } from '@/schemas/openapi/voice';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: () => {
    const config = getConfig();
    return Response.json(
      voiceOpenApi(publicOrigin('voice'), {
        min: config.TOP_UP_MIN_USD,
        max: config.TOP_UP_MAX_USD,
      }),
    );
  },
});
