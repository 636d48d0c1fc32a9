import { ApiError } from '../../platform/errors/api-error';
import { readContactMessage } from './read-contact-message';
import { spendBotToken } from './spend-bot-token';
import { storeContact } from './store-contact';
import type { ContactDeps, ContactMessage } from './types';

/**
 * POST /api/contact: required fields, then (only when a verification secret is configured)
 * the bot check with single-use tokens, then the enquiry is stored. Returns the stored id for
 * the CRM push after the response.
 */
export async function submitContact(
  deps: ContactDeps,
  request: { body: unknown; ip: string },
): Promise<{ contact: ContactMessage; storedId: string }> {
  const contact = readContactMessage(request.body);
  if (deps.botCheck.enabled) {
    const raw = (request.body as Record<string, unknown>).botCheckToken;
    const token = typeof raw === 'string' ? raw.trim() : '';
    if (!token) throw new ApiError('BOTCHECK_MISSING');
    let fresh: boolean;
    try {
      fresh = await spendBotToken(deps.store, token);
    } catch (error) {
      throw new ApiError('CONTACT_INTERNAL_ERROR', { cause: error });
    }
    // A replayed token is refused here even if the provider would not notice.
    if (!fresh) throw new ApiError('BOTCHECK_INVALID');
    const verdict = await deps.botCheck.verify({
      token,
      remoteIp: request.ip === 'unknown' ? undefined : request.ip,
    });
    // An unreachable provider is not a rejection: fail open, as for leads.
    if (verdict === 'invalid') throw new ApiError('BOTCHECK_INVALID');
  }
  return { contact, storedId: await storeContact(deps, contact, request.ip) };
}
