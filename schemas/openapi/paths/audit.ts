import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AuditLogQuery, AuditLogResponse } from '../../audit';
import { authErrors, bearer, error, json } from './voice-common';

export function registerAuditPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/v1/audit-log',
    operationId: 'listAuditLog',
    tags: ['Audit log'],
    summary: "The organization's audit log",
    description:
      'Every change to members, invitations, roles, API keys (create, rotate, revoke), org and webhook ' +
      'settings, limit overrides, deposits and approvals of agents and OAuth clients: when, who (user, ' +
      'API key, admin, agent), what, before/after (never secrets) and IP. Append-only. Needs an API key ' +
      'with the `audit:read` scope.',
    security: bearer,
    request: { query: AuditLogQuery },
    responses: {
      200: json(AuditLogResponse, 'One page, newest first.'),
      400: error('INVALID_QUERY: limit, cursor, action or actor is malformed.'),
      ...authErrors,
    },
  });
}
