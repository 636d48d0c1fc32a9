import { touchKeys } from '@/schemas/leads';

export type AttributionTouchValues = Partial<Record<(typeof touchKeys)[number], string>>;

export interface CleanAttribution {
  first?: AttributionTouchValues;
  last?: AttributionTouchValues;
  pageUri?: string;
  referrer?: string;
  crmutk?: string;
}

const TOUCH_MAX = 1024;
const URI_MAX = 2048;
const CRMUTK_MAX = 256;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : undefined;

function cleanTouch(touch: unknown): AttributionTouchValues | undefined {
  if (!isRecord(touch)) return undefined;
  const clean: AttributionTouchValues = {};
  for (const key of touchKeys) {
    const value = text(touch[key], TOUCH_MAX);
    if (value !== undefined) clean[key] = value;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

/**
 * Keeps the listed touch keys only and cuts every value to its limit. `pageUri` falls back to
 * the Referer header and `crmutk` to the `crmutk` cookie.
 */
export function cleanAttribution(
  attribution: unknown,
  fallbacks: { referer?: string | null; crmutkCookie?: string | null },
): CleanAttribution {
  const input = isRecord(attribution) ? attribution : {};
  const result: CleanAttribution = {
    first: cleanTouch(input.first),
    last: cleanTouch(input.last),
    pageUri: text(input.pageUri, URI_MAX) ?? text(fallbacks.referer, URI_MAX),
    referrer: text(input.referrer, URI_MAX),
    crmutk: text(input.crmutk, CRMUTK_MAX) ?? text(fallbacks.crmutkCookie, CRMUTK_MAX),
  };
  return Object.fromEntries(
    Object.entries(result).filter(([, v]) => v !== undefined),
  ) as CleanAttribution;
}
