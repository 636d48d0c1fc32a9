// `npm run admin -- <verb> …`: the admin API (/internal/orgs…) for a person at a terminal.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run admin -- <verb> [arguments] [--url URL] [--token TOKEN]

  create-org <name> [--credit USD]     create an organization; prints its id and first API key
  show <org_id>                        wallet, deposits, effective limits, webhook secret, keys
  deposit <org_id> <usd>               add funds (counts toward the $5 unlock)
  add-key <org_id>                     issue another API key (shown once)
  revoke-key <org_id> <key_id>         revoke a key
  limits <org_id> [--concurrency N] [--instant-clones N] [--live-clones N] [--concurrent-calls N]
  invite <org_id> <email> <role>       invite a member by email (owner, admin, developer, viewer)
  raise-requests                       the pending limit raise requests
  answer-raise <id> approve|deny [note]  answer one (approve sets the limit override); the requester is mailed
  voice-reviews                        professional clone drafts awaiting the consent-and-rights review
  consent-recording <voice_id> <file>  save a draft's recorded consent statement (WAV) to listen to
  review-voice <voice_id> approve|reject [note]  record the review (approved drafts may be promoted)
  mail                                 the embedded mailer's outbox (sign-in links, codes), newest first

The server must run with ADMIN_TOKEN set. --url defaults to ADMIN_API_URL or
http://127.0.0.1:$PORT (3000); --token defaults to ADMIN_TOKEN.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    credit: { type: 'string' },
    concurrency: { type: 'string' },
    'instant-clones': { type: 'string' },
    'live-clones': { type: 'string' },
    'concurrent-calls': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const base = (
  values.url ??
  process.env.ADMIN_API_URL ??
  `http://127.0.0.1:${process.env.PORT ?? '3000'}`
).replace(/\/$/, '');
const token = values.token ?? process.env.ADMIN_TOKEN;

/** One admin API request; an error answer ends the command with its status, code and message. */
async function request(method: string, path: string, body?: unknown): Promise<Response> {
  if (!token) fail('ADMIN_TOKEN is not set (or pass --token).');
  let response: Response;
  try {
    response = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    fail(`cannot reach ${base}: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const text = await response.text();
    let detail: { code?: string; message?: string } | undefined;
    try {
      detail = (JSON.parse(text) as { error?: typeof detail }).error;
    } catch {
      detail = undefined;
    }
    fail(`${response.status} ${detail?.code ?? ''}: ${detail?.message ?? text}`);
  }
  return response;
}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const text = await (await request(method, path, body)).text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A binary answer (a recording) written to `file`. */
async function download(path: string, file: string): Promise<number> {
  const bytes = new Uint8Array(await (await request('GET', path)).arrayBuffer());
  writeFileSync(file, bytes);
  return bytes.length;
}

const number = (value: string | undefined, name: string) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) fail(`${name} must be a number`);
  return n;
};

const [verb, ...args] = positionals;
const need = (count: number) => {
  if (args.length < count) fail(USAGE);
};
const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

switch (verb) {
  case 'create-org': {
    need(1);
    const created = (await call('POST', '/internal/orgs', {
      name: args.join(' '),
      starting_credit_usd: number(values.credit, '--credit'),
    })) as { org_id: string; api_key: string };
    console.log(`org_id:  ${created.org_id}`);
    console.log(`api_key: ${created.api_key}   (shown once: store it now)`);
    break;
  }
  case 'show':
    need(1);
    print(await call('GET', `/internal/orgs/${args[0]}`));
    break;
  case 'deposit':
    need(2);
    print(
      await call('POST', `/internal/orgs/${args[0]}/deposits`, {
        amount_usd: number(args[1], 'amount'),
      }),
    );
    break;
  case 'add-key':
    need(1);
    print(await call('POST', `/internal/orgs/${args[0]}/keys`));
    break;
  case 'revoke-key':
    need(2);
    print(await call('DELETE', `/internal/orgs/${args[0]}/keys/${args[1]}`));
    break;
  case 'limits':
    need(1);
    print(
      await call('PATCH', `/internal/orgs/${args[0]}/limits`, {
        concurrency: number(values.concurrency, '--concurrency'),
        instant_clones: number(values['instant-clones'], '--instant-clones'),
        live_clones: number(values['live-clones'], '--live-clones'),
        concurrent_calls: number(values['concurrent-calls'], '--concurrent-calls'),
      }),
    );
    break;
  case 'invite':
    need(3);
    print(
      await call('POST', `/internal/orgs/${args[0]}/invitations`, {
        email: args[1],
        role: args[2],
      }),
    );
    break;
  case 'raise-requests':
    print(await call('GET', '/internal/raise-requests'));
    break;
  case 'answer-raise':
    need(2);
    print(
      await call('POST', `/internal/raise-requests/${args[0]}`, {
        decision: args[1],
        ...(args[2] ? { note: args.slice(2).join(' ') } : {}),
      }),
    );
    break;
  case 'voice-reviews':
    print(await call('GET', '/internal/voices'));
    break;
  case 'consent-recording':
    need(2);
    console.log(
      `${await download(`/internal/voices/${args[0]}/consent-recording`, args[1]!)} bytes written to ${args[1]}`,
    );
    break;
  case 'review-voice':
    need(2);
    if (args[1] !== 'approve' && args[1] !== 'reject') fail(USAGE);
    print(
      await call('POST', `/internal/voices/${args[0]}/review`, {
        approved: args[1] === 'approve',
        ...(args[2] ? { note: args.slice(2).join(' ') } : {}),
      }),
    );
    break;
  case 'mail': {
    const outbox = (await call('GET', '/internal/mail')) as {
      adapter: string;
      messages: { at: string; to: string; subject: string; text: string }[];
    };
    if (outbox.adapter !== 'outbox') console.log(`mail goes out over ${outbox.adapter}; no outbox`);
    for (const message of outbox.messages)
      console.log(`--- ${message.at}  to ${message.to}\n${message.subject}\n\n${message.text}\n`);
    break;
  }
  default:
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
}
