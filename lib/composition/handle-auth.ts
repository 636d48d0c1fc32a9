import { handleAuthRequest, provideSignUpCredit } from '../accounts';
import { grantStartingCredit } from '../wallet';

/**
 * The /auth route: better-auth behind our limits. Sign-ups happen only here, and a sign-up's
 * personal organization gets its starting credit from the wallet, which accounts cannot import
 * (the wallet audits and mails through accounts): the grant is handed in before the handler runs.
 */
export function handleAuth(request: Request): Promise<Response> {
  provideSignUpCredit(grantStartingCredit);
  return handleAuthRequest(request);
}
