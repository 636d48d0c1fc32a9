// Browser code: plain checks instead of the zod schema keep zod out of the client bundle.

export type PostSubmit =
  | { kind: 'message'; message: string; heading?: string }
  | { kind: 'redirect'; redirectUrl: string; redirectDelaySeconds?: number }
  | {
      kind: 'default-scheduler';
      schedulerUrl?: string;
      heading?: string;
      subheading?: string;
      minHeight: number;
      prefillFields: string[];
    };

const FALLBACK: PostSubmit = { kind: 'message', message: 'Thanks, we received your submission.' };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const opt = <K extends string>(key: K, v: string | undefined) =>
  (v === undefined ? {} : { [key]: v }) as Partial<Record<K, string>>;

/** The success envelope's postSubmit, with the spec's defaults; a thank-you when unreadable. */
export function readPostSubmit(value: unknown): PostSubmit {
  if (typeof value !== 'object' || value === null) return FALLBACK;
  const v = value as Record<string, unknown>;
  if (v.kind === 'message' && typeof v.message === 'string') {
    return { kind: 'message', message: v.message, ...opt('heading', str(v.heading)) };
  }
  if (v.kind === 'redirect' && typeof v.redirectUrl === 'string') {
    const delay = v.redirectDelaySeconds;
    return {
      kind: 'redirect',
      redirectUrl: v.redirectUrl,
      ...(typeof delay === 'number' && delay >= 0 ? { redirectDelaySeconds: delay } : {}),
    };
  }
  if (v.kind === 'default-scheduler') {
    const prefill = Array.isArray(v.prefillFields)
      ? v.prefillFields.filter((f): f is string => typeof f === 'string')
      : ['email', 'firstname', 'company'];
    return {
      kind: 'default-scheduler',
      ...opt('schedulerUrl', str(v.schedulerUrl)),
      ...opt('heading', str(v.heading)),
      ...opt('subheading', str(v.subheading)),
      minHeight: typeof v.minHeight === 'number' && v.minHeight > 0 ? v.minHeight : 720,
      prefillFields: prefill,
    };
  }
  return FALLBACK;
}

/** schedulerUrl with the named submitted values as query parameters; null when blank or not http(s). */
export function schedulerSrc(
  schedulerUrl: string | undefined,
  prefillFields: string[],
  values: Record<string, unknown>,
): string | null {
  const raw = schedulerUrl?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const name of prefillFields) {
    const value = values[name];
    if (typeof value === 'string' && value.trim() !== '') url.searchParams.set(name, value.trim());
  }
  return url.toString();
}

/** Only http(s) redirect targets are followed. */
export function safeRedirect(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
