import Link from 'next/link';
import { connection } from 'next/server';
import { publicOrigin } from '@/lib/platform/http/public-origin';

/** How to add the tool server to an MCP client, both ways of signing in. */
export async function ToolServerSection() {
  // The deployment's origin is known at request time, not at build time.
  await connection();
  const url = `${publicOrigin('voice')}/v1/mcp`;
  const withKey = JSON.stringify(
    {
      mcpServers: {
        voiceai: { type: 'http', url, headers: { Authorization: 'Bearer ${VOICE_API_KEY}' } },
      },
    },
    null,
    2,
  );
  return (
    <section className="section" aria-labelledby="mcp-title">
      <div className="container code-sample">
        <div>
          <h2 id="mcp-title">Let your AI agent place calls</h2>
          <p>
            The tool server at <code>{url}</code> gives MCP clients (Claude, Cursor, VS Code, your
            own agent) eleven tools: place a call or a batch, wait for it, read transcripts, list
            voices, check the balance, make a top-up link and generate speech. Calls and speech are
            paid from your wallet; tools that spend money ask the agent to confirm.
          </p>
          <ul>
            <li>
              <strong>With an API key:</strong> add the server with an{' '}
              <code>Authorization: Bearer</code> header, as in the example. The key has full access.
            </li>
            <li>
              <strong>With OAuth:</strong> add just the URL. The client finds our authorization
              server, registers itself and opens a consent page that signs you in (email code or
              passkey) and asks which organization to grant, read-only or read-and-write. The client
              never sees a key.
            </li>
          </ul>
          <p>
            120 requests per minute per organization.{' '}
            <Link href="/v1/docs" prefetch={false}>
              Tool reference
            </Link>
          </p>
        </div>
        <pre tabIndex={0} aria-label="Example: MCP client configuration with an API key">
          <code>{withKey}</code>
        </pre>
      </div>
    </section>
  );
}
