// Lead validation over any form and any body: it answers a clean record or one 400 naming the
// first failing field in form order; a clean record passes again unchanged (normalising twice
// changes nothing), holds only the form's fields, every required one, within their lengths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/http';
import { fieldTypes, LeadFieldDefinition, type LeadField } from '@/lib/site/leads/lead-form';
import { validateLeadValues, type CleanValues } from '@/lib/site/leads/validate-lead-values';

const optionValue = fc.constantFrom('red', 'green', 'blue', '');
const fieldDefinition = fc.record({
  type: fc.constantFrom(...fieldTypes),
  required: fc.boolean(),
  maxLength: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
  options: fc.array(fc.record({ value: optionValue }), { maxLength: 4 }),
  pattern: fc.option(fc.constantFrom('^[a-z ]+$', '\\d', '(', '^.{0,3}$'), { nil: undefined }),
});
const form = fc
  .array(fieldDefinition, { minLength: 1, maxLength: 6 })
  .map((defs) => defs.map((def, i) => LeadFieldDefinition.parse({ ...def, name: `f${i}` })));

// Values of every shape, and many that are valid for some field type.
const value = fc.oneof(
  fc.constantFrom(
    'ada@example.com',
    ' Ada@Example.COM ',
    'not an email',
    '+1 415 555 0123',
    '14155550123',
    'https://example.com/x?y=1',
    'ftp://example.com',
    'red',
    'green',
    '  padded text  ',
    '42',
    '',
    '   ',
  ),
  fc.string({ maxLength: 50 }),
  fc.array(optionValue, { maxLength: 4 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.anything(),
);
const body = (fields: LeadField[]) =>
  fc
    .tuple(
      fc.array(fc.option(value, { nil: undefined }), {
        minLength: fields.length,
        maxLength: fields.length,
      }),
      fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 3 }),
    )
    .map(([values, extra]) => ({
      ...extra,
      ...Object.fromEntries(fields.map((f, i) => [f.name, values[i]])),
    }));

type Outcome = { ok: true; clean: CleanValues } | { ok: false; code: string; field?: string };
function run(fields: LeadField[], values: Record<string, unknown>): Outcome {
  try {
    return { ok: true, clean: validateLeadValues(fields, values) };
  } catch (error) {
    // Anything but the one error type (a TypeError on an odd value) fails the property.
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    return { ok: false, code: error.code, field: error.field };
  }
}

describe('validateLeadValues', () => {
  it('answers a clean, idempotent record of the form’s fields, or the first failing field', () => {
    fc.assert(
      fc.property(
        form.chain((fields) => fc.tuple(fc.constant(fields), body(fields))),
        ([fields, values]) => {
          const outcome = run(fields, values);
          if (!outcome.ok) {
            const index = fields.findIndex((f) => f.name === outcome.field);
            expect(index).toBeGreaterThanOrEqual(0);
            // Every field before it passes on its own: this is the first failure in form order.
            for (const field of fields.slice(0, index))
              expect(run([field], { [field.name]: values[field.name] }).ok).toBe(true);
            return;
          }
          const { clean } = outcome;
          const names = fields.map((f) => f.name);
          expect(Object.keys(clean).every((key) => names.includes(key))).toBe(true);
          for (const field of fields) {
            if (field.required) expect(clean).toHaveProperty(field.name);
            const kept = clean[field.name];
            if (kept === undefined) continue;
            if (['text', 'textarea', 'hidden'].includes(field.type)) {
              expect(kept).toBe(String(kept).trim());
              expect(String(kept).length).toBeLessThanOrEqual(field.maxLength ?? 5_000);
            }
            // Normalised forms: E.164 phones, lower-case trimmed emails, http(s) URLs.
            if (field.type === 'phone') expect(kept).toMatch(/^\+[1-9]\d{6,14}$/);
            if (field.type === 'email') expect(kept).toBe(String(kept).trim().toLowerCase());
            if (field.type === 'url') expect(new URL(String(kept)).protocol).toMatch(/^https?:$/);
          }
          expect(run(fields, clean)).toEqual({ ok: true, clean });
        },
      ),
      { seed: 16, numRuns: 3000 },
    );
  });
});
