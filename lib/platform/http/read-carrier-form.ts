import { ApiError } from '../errors/api-error';
import { readLimited } from './read-limited';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * A carrier's signed form post (Twilio's webhooks): its signature header, the path and query it
 * was signed over, and the form's fields. The body is read up to 64 KB, far above any callback.
 */
export async function readCarrierForm(request: Request & { nextUrl: URL }): Promise<{
  signature: string | null;
  pathAndQuery: string;
  form: Record<string, string>;
}> {
  const body = await readLimited(
    request,
    MAX_BODY_BYTES,
    () => new ApiError('PAYLOAD_TOO_LARGE'),
    'INVALID_BODY',
  );
  return {
    signature: request.headers.get('x-twilio-signature'),
    pathAndQuery: `${request.nextUrl.pathname}${request.nextUrl.search}`,
    form: Object.fromEntries(new URLSearchParams(body.toString('utf8'))),
  };
}
