import { isEmailAddress } from '@/schemas/email';
import { ApiError } from '../../platform/errors/api-error';
import { clientIp } from '../../platform/http/client-ip';
import { requireOwnOrigin } from '../../platform/http/public-origin';
import { getStore } from '../../adapters/store';
import { authLimits, enforceLimits } from './auth-limits';
import { getAuth } from './get-auth';
import { answerSessionRequest } from './session-rows';

const SEND = '/auth/email-otp/send-verification-otp';
const VERIFY = '/auth/sign-in/email-otp';
// better-auth's error codes that all mean "this code does not work": one answer for each.
const CODE_ERRORS = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

/** The email (lower-cased; '' when none) and the OTP type of a limited endpoint's body. */
async function readBody(request: Request): Promise<{ email: string; type: unknown }> {
  try {
    const body = (await request.clone().json()) as { email?: unknown; type?: unknown };
    const email =
      typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
    return { email, type: body.type };
  } catch {
    return { email: '', type: undefined };
  }
}

/**
 * better-auth's handler behind our limits; its error answers become our envelope (its success
 * answers and cookies pass through unchanged). A request to a host that is not ours gets 400
 * UNKNOWN_HOST before anything is mailed.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const origin = requireOwnOrigin(request.headers);
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' && (path === SEND || path === VERIFY)) {
    const ip = clientIp(request.headers);
    const { email, type } = await readBody(request);
    // Codes are for signing in only (the plugin's other kinds are not used here).
    if (path === SEND && type !== 'sign-in')
      throw new ApiError('AUTH_REJECTED', { message: 'type must be "sign-in".', field: 'type' });
    // Sign-up is the first code sent: the one email rule of the site (schemas/email.ts), not
    // better-auth's own, decides which addresses get an account.
    if (path === SEND && !isEmailAddress(email))
      throw new ApiError('AUTH_REJECTED', {
        message: 'email: not a valid email address.',
        field: 'email',
      });
    const [perIp, perEmail] =
      path === SEND
        ? [authLimits.sendPerIp, authLimits.sendPerEmail]
        : [authLimits.verifyPerIp, authLimits.verifyPerEmail];
    await enforceLimits(
      getStore(),
      email
        ? [
            [perIp, ip],
            [perEmail, email],
          ]
        : [[perIp, ip]],
      Date.now(),
    );
  }
  const auth = await getAuth(origin);
  const response =
    (await answerSessionRequest(auth, request, path)) ?? (await auth.handler(request));
  if (response.status < 400) return response;
  if (response.status >= 500)
    throw new ApiError('INTERNAL_ERROR', {
      cause: `better-auth ${response.status}: ${await response.text()}`,
    });
  throw await toApiError(response);
}

async function toApiError(response: Response): Promise<ApiError> {
  let code = '';
  let message = '';
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown };
    code = typeof body.code === 'string' ? body.code : '';
    message = typeof body.message === 'string' ? body.message : '';
  } catch {
    // A body that is not JSON keeps the table's text.
  }
  if (CODE_ERRORS.has(code)) return new ApiError('INVALID_CODE');
  if (response.status === 404) return new ApiError('NOT_FOUND');
  if (response.status === 401) return new ApiError('SIGN_IN_REQUIRED');
  if (response.status === 403) return new ApiError('FORBIDDEN', { message: message || undefined });
  if (response.status === 429) return new ApiError('TOO_MANY_REQUESTS');
  return new ApiError('AUTH_REJECTED', { message: message || undefined });
}
