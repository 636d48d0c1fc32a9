import { isDisposableEmailDomain } from 'disposable-email-domains-js';
import freeEmailDomains from 'email-providers/common.json';
import type { ErrorCode } from '../../platform/errors/error-codes';
import type { LeadField } from './lead-form';

// `common.json` is the maintained list of widely used free providers; the package's `all.json`
// also lists thousands of small and reserved domains (example.com among them), too broad to block.
const FREE = new Set(freeEmailDomains.map((d) => d.toLowerCase()));

/** The domain and each parent: `a.b.example.com` → a.b.example.com, b.example.com, example.com. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

const matches = (domain: string, list: string[]) =>
  list.some((entry) => {
    const d = entry.trim().toLowerCase();
    return domain === d || domain.endsWith(`.${d}`);
  });

/** The field's domain policy applied to a syntactically valid, lower-cased address. */
export function checkEmailPolicy(email: string, field: LeadField): ErrorCode | undefined {
  const policy = field.domainPolicy;
  if (!policy) return undefined;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (policy.allow && policy.allow.length > 0 && !matches(domain, policy.allow))
    return 'DOMAIN_NOT_ALLOWED';
  if (policy.block && matches(domain, policy.block)) return 'DOMAIN_BLOCKED';
  const family = domainAndParents(domain);
  // Disposable first: the free-provider list also names some throwaway services (mailinator).
  if (policy.blockDisposable && family.some((d) => isDisposableEmailDomain(d)))
    return 'DISPOSABLE_EMAIL_BLOCKED';
  if (policy.blockFree && family.some((d) => FREE.has(d))) return 'FREE_EMAIL_BLOCKED';
  return undefined;
}
