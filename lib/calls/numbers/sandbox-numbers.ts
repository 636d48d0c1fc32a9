import { and, inArray, isNull } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';

/** North America's fictional exchange: 555-0100 to 555-0199 never ring a real phone. */
const SANDBOX_LINE = /^\+1([2-9]\d\d)55501([1-9]\d)$/;
/** 555-0110 to 555-0199: the lower ten are the sandbox's test callees (555-0101 no answer, …). */
const FIRST = 10;
const DEFAULT_AREA_CODE = '415';
const SANDBOX_COUNTRIES = ['US', 'CA'];

/** Whether `number` is one of the sandbox line's own fictional numbers. */
export const isSandboxNumber = (number: string) => SANDBOX_LINE.test(number);

/**
 * The sandbox's numbers a search may get, in order: +1, the area code (415 unless asked), then
 * 555-0110 to 555-0199, those containing `contains`.
 */
export function sandboxCandidates(search: {
  country: string;
  area_code?: string | undefined;
  contains?: string | undefined;
}): string[] {
  if (!SANDBOX_COUNTRIES.includes(search.country)) {
    throw new ApiError('NO_NUMBERS_AVAILABLE', {
      message: 'The sandbox line hands out North American numbers only (country US or CA).',
      field: 'country',
    });
  }
  const area = search.area_code ?? DEFAULT_AREA_CODE;
  if (!/^[2-9]\d\d$/.test(area)) {
    throw new ApiError('NO_NUMBERS_AVAILABLE', {
      message: `${area} is not a North American area code (three digits, not starting with 0 or 1).`,
      field: 'area_code',
    });
  }
  const all = Array.from({ length: 100 - FIRST }, (_, i) => `+1${area}55501${FIRST + i}`);
  return search.contains ? all.filter((n) => n.slice(1).includes(search.contains!)) : all;
}

/** The first candidate no organization holds, or NO_NUMBERS_AVAILABLE. */
export async function pickSandboxNumber(db: Executor, candidates: string[]): Promise<string> {
  const n = schema.phoneNumbers;
  const held = candidates.length
    ? await db
        .select({ number: n.number })
        .from(n)
        .where(and(inArray(n.number, candidates), isNull(n.releasedAt)))
    : [];
  const taken = new Set(held.map((h) => h.number));
  const free = candidates.find((c) => !taken.has(c));
  if (!free) throw new ApiError('NO_NUMBERS_AVAILABLE');
  return free;
}
