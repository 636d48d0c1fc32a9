import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  AgentCreateRequest,
  AgentDeleteResponse,
  AgentIdParam,
  AgentListQuery,
  AgentListResponse,
  AgentObject,
  AgentUpdateRequest,
  AgentVersionsQuery,
  AgentVersionsResponse,
} from '../../agents';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

const versions =
  'Every change makes a new version (1 at creation); the versions stay readable. A call placed ' +
  'with `agent_id` copies the current version’s settings and records `agent_id` and ' +
  '`agent_version`: a call in flight keeps the version it started with.';

const notFound = error(
  'AGENT_NOT_FOUND: no agent of this organization has this id (another organization’s and deleted ones included). NOT_FOUND: the id is not a UUID.',
);

const body = <T extends Parameters<typeof json>[0]>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const badSettings =
  'INVALID_BODY: a missing name or task, a name over 100 characters, a field of the wrong type or out of bounds, a webhook or tool URL to a private address, a tool input_schema that is not a JSON Schema, voicemail fields without answered_by_enabled, transfer_mode without a number, a tool header sent as `[hidden]` with no saved value to keep (named in `error.field`); nothing was saved.';

const secrets =
  'Tools’ header values are secrets: sealed in the agent’s versions and shown as `[hidden]` in every answer (create, change, the agent, the list, its versions) and in the audit log, never returned; a call from the agent sends the real values.';

export function registerAgentPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/agents',
    operationId: 'createAgent',
    tags: ['Agents'],
    summary: 'Save an agent',
    description: `A name and the settings of a call, for POST /v1/calls and POST /v1/batches to reuse with \`agent_id\` (alias \`persona_id\`); fields a request sets replace the agent’s. Audited. ${versions} ${secrets}`,
    security: bearer,
    request: body(AgentCreateRequest),
    responses: {
      201: json(AgentObject, 'Saved, version 1.'),
      400: error(badSettings),
      ...authErrors,
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/agents',
    operationId: 'listAgents',
    tags: ['Agents'],
    summary: 'The organization’s agents, newest first',
    security: bearer,
    request: { query: AgentListQuery },
    responses: {
      200: json(AgentListResponse, 'One page; follow next_cursor for the next.'),
      400: error('INVALID_QUERY: a bad limit or cursor; `error.field` names it.'),
      ...authErrors,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/agents/{agent_id}',
    operationId: 'getAgent',
    tags: ['Agents'],
    summary: 'One agent at its current version',
    description: secrets,
    security: bearer,
    request: { params: AgentIdParam },
    responses: { 200: json(AgentObject, 'The agent.'), 404: notFound, ...authErrors },
  });
  registry.registerPath({
    method: 'patch',
    path: '/v1/agents/{agent_id}',
    operationId: 'updateAgent',
    tags: ['Agents'],
    summary: 'Change an agent (a new version)',
    description: `The fields sent change; the others stay; null takes a setting out (task cannot be taken out). A request that changes nothing makes no version. Tools are replaced as a whole list, but a tool sent without \`headers\` keeps those saved in the tool of the same name, and a header value sent as \`[hidden]\` keeps the saved one: the tools of a read agent can be sent back as they are, with no secret resent. Audited. ${versions} ${secrets}`,
    security: bearer,
    request: { params: AgentIdParam, ...body(AgentUpdateRequest) },
    responses: {
      200: json(AgentObject, 'The agent at its new version.'),
      400: error(badSettings.replace('a missing name or task', 'task null')),
      404: notFound,
      ...authErrors,
      ...tooLarge,
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/v1/agents/{agent_id}',
    operationId: 'deleteAgent',
    tags: ['Agents'],
    summary: 'Delete an agent',
    description:
      'The agent is no longer listed nor usable by new calls (404 AGENT_NOT_FOUND); calls placed from it keep their `agent_id` and `agent_version`. Audited.',
    security: bearer,
    request: { params: AgentIdParam },
    responses: {
      200: json(AgentDeleteResponse, 'Deleted.'),
      404: notFound,
      409: error(
        'AGENT_IN_USE: the agent answers calls to one of the organization’s numbers; assign another agent to the number first.',
      ),
      ...authErrors,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/agents/{agent_id}/versions',
    operationId: 'listAgentVersions',
    tags: ['Agents'],
    summary: 'An agent’s versions, newest first',
    description: `${versions} ${secrets} A version that changed only a tool’s header values shows the same \`[hidden]\` values as the one before it.`,
    security: bearer,
    request: { params: AgentIdParam, query: AgentVersionsQuery },
    responses: {
      200: json(AgentVersionsResponse, 'One page; follow next_cursor for older versions.'),
      400: error('INVALID_QUERY: a bad limit or cursor; `error.field` names it.'),
      404: notFound,
      ...authErrors,
    },
  });
}
