import type { AuditActor, KeyGrant } from '../../accounts';
import type { BillingDeps, SpendingKey } from '../../wallet';
import type { CallDeps } from '../../calls';
import type { SpeechDeps } from '../../speech';

/** Who a tool acts for and what it talks to: one per tool-server request. */
export interface ToolContext {
  orgId: string;
  /**
   * The API key behind the request (its cap applies, its id is on charges, its maker's role bounds
   * it); NULL for OAuth.
   */
  key: (SpendingKey & KeyGrant) | null;
  /** Who the audit log names: the API key, or the OAuth client acting for a member. */
  actor: AuditActor;
  /** The public origin of the voice API, for the links tools hand out. */
  origin: string;
  calls: CallDeps;
  speech: SpeechDeps;
  /** Built only when a tool starts a top-up (the payment provider is not needed otherwise). */
  billing: () => Promise<BillingDeps>;
}
