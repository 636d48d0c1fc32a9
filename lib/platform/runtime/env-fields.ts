import { z } from 'zod';

// Field types shared by the environment schema's parts (lib/platform/config/config.ts and the ports' *-env.ts).

export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
export const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();
/** A number from the environment; unset or blank means `fallback` (z.coerce would read '' as 0). */
export const numberOr = (fallback: number, schema: z.ZodNumber) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(schema);
export const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** A switch that is on unless set to `false` or `0`. */
export const flagOnByDefault = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');
