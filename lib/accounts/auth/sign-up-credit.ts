import { singleton } from '../../platform/runtime/singleton';
import type { GrantStartingCredit } from '../orgs/insert-org';

// A sign-up's personal organization gets the configured starting credit, and granting it is the
// wallet's move. Accounts sit below the wallet, and better-auth's instance is built inside accounts
// on first use (by whichever page asks for a session), so the grant is handed in by the composition
// root where sign-ups happen (its /auth handler) and the sign-up hook looks it up when it runs.
const slot = () =>
  singleton('sign-up-credit', () => ({ grant: null as GrantStartingCredit | null }));

export function provideSignUpCredit(grant: GrantStartingCredit): void {
  slot().grant = grant;
}

/** The handed-in grant; a sign-up that reaches it unwired fails rather than skip the credit. */
export const grantSignUpCredit: GrantStartingCredit = (tx, orgId, micros, now) => {
  const grant = slot().grant;
  if (!grant) throw new Error('sign-up credit: no grant handed in (lib/composition/handle-auth)');
  return grant(tx, orgId, micros, now);
};
