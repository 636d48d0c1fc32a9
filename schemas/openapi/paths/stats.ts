import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ApiErrorEnvelope } from '../../error';
import { CallStatsResponse } from '../../stats';
import { z } from '../../zod';

export function registerStatsPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/stats/calls',
    operationId: 'getCallStats',
    tags: ['Stats'],
    summary: 'Modeled calls-resolved counter',
    description:
      'Returns a modeled (not measured) calls-resolved counter as two anchors five minutes apart. ' +
      'Values are bucketed to 5-minute UTC boundaries and are identical across regions for the same ' +
      'bucket. No parameters; no rate limit.',
    responses: {
      200: {
        description: 'The counter at the current 5-minute bucket and the one before it.',
        headers: z.object({
          'Cache-Control': z
            .string()
            .describe('`public, max-age=60, stale-while-revalidate=120`.')
            .openapi({ example: 'public, max-age=60, stale-while-revalidate=120' }),
          'X-Data-Freshness': z.iso
            .datetime()
            .describe('Equal to `asOf` in the body.')
            .openapi({ example: '2026-01-01T12:05:00.000Z' }),
        }),
        content: { 'application/json': { schema: CallStatsResponse } },
      },
      500: {
        description: '`STATS_UNAVAILABLE`: the counter could not be computed.',
        content: { 'application/json': { schema: ApiErrorEnvelope } },
      },
    },
  });
}
