import { z } from './zod';

export const ProtectedResourceMetadata = z
  .object({
    resource: z.url().describe('The tool server, `{api_url}/v1/mcp`: the audience of its tokens.'),
    authorization_servers: z.array(z.url()).describe('`{api_url}/authorization`.'),
    scopes_supported: z.array(z.enum(['mcp:read', 'mcp:write'])),
    bearer_methods_supported: z.array(z.literal('header')),
    resource_name: z.string(),
    resource_documentation: z.url(),
  })
  .describe('RFC 9728 metadata of the tool server.')
  .meta({ id: 'ProtectedResourceMetadata' });

export const AuthorizationServerMetadata = z
  .object({
    issuer: z.url(),
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
  })
  .describe('RFC 8414 metadata of the authorization server.')
  .meta({ id: 'AuthorizationServerMetadata' });
