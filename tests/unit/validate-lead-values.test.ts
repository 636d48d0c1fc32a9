import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/platform/http';
import { LeadFieldDefinition, type LeadField } from '@/lib/site/leads/lead-form';
import { validateLeadValues } from '@/lib/site/leads/validate-lead-values';

const field = (def: Record<string, unknown>): LeadField => LeadFieldDefinition.parse(def);

function failure(fields: LeadField[], values: Record<string, unknown>) {
  try {
    validateLeadValues(fields, values);
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, field: error.field };
    throw error;
  }
  return undefined;
}

describe('validateLeadValues', () => {
  it('reports the first failing field in form order, not body order', () => {
    const fields = [
      field({ name: 'first', type: 'text', required: true }),
      field({ name: 'email', type: 'email', required: true }),
    ];
    expect(failure(fields, { email: 'nope', first: '' })).toEqual({
      code: 'REQUIRED',
      field: 'first',
    });
    expect(failure(fields, { email: 'nope', first: 'Ada' })).toEqual({
      code: 'INVALID_EMAIL',
      field: 'email',
    });
  });

  it.each([
    [{ type: 'text', required: true }, '   ', 'REQUIRED'],
    [{ type: 'text', maxLength: 3 }, 'abcd', 'TOO_LONG'],
    [{ type: 'text', pattern: '^[A-Z]{2}$' }, 'usa', 'PATTERN_MISMATCH'],
    [{ type: 'text' }, ['a'], 'PATTERN_MISMATCH'],
    [{ type: 'email' }, 'a@b', 'INVALID_EMAIL'],
    [{ type: 'email' }, 'x@host-.example.com', 'INVALID_EMAIL'],
    [{ type: 'email' }, 42, 'INVALID_EMAIL'],
    [{ type: 'phone' }, '12', 'INVALID_PHONE'],
    [{ type: 'phone' }, true, 'INVALID_PHONE'],
    [{ type: 'url' }, 'javascript:alert(1)', 'INVALID_URL'],
    [{ type: 'url' }, 'not a url', 'INVALID_URL'],
    [{ type: 'select', options: [{ value: 'a' }] }, 'b', 'INVALID_OPTION'],
    [{ type: 'multiselect', options: [{ value: 'a' }] }, ['a', 'b'], 'INVALID_OPTION'],
    [{ type: 'multiselect', options: [{ value: 'a' }] }, 'a', 'INVALID_OPTION'],
    [{ type: 'checkbox' }, 'yes', 'INVALID_OPTION'],
    [{ type: 'checkbox', required: true }, false, 'REQUIRED'],
    [{ type: 'number' }, 'ten', 'PATTERN_MISMATCH'],
    [
      { type: 'email', domainPolicy: { allow: ['example.com'] } },
      'a@other.com',
      'DOMAIN_NOT_ALLOWED',
    ],
    [
      { type: 'email', domainPolicy: { block: ['competitor.example'] } },
      'a@x.competitor.example',
      'DOMAIN_BLOCKED',
    ],
    [{ type: 'email', domainPolicy: { blockFree: true } }, 'ada@gmail.com', 'FREE_EMAIL_BLOCKED'],
    [
      { type: 'email', domainPolicy: { blockDisposable: true } },
      'ada@mailinator.com',
      'DISPOSABLE_EMAIL_BLOCKED',
    ],
  ])('%o with %o → %s', (def, value, code) => {
    expect(failure([field({ name: 'f', ...def })], { f: value })).toEqual({ code, field: 'f' });
  });

  it('normalises values and drops keys the form does not define', () => {
    const fields = [
      field({ name: 'email', type: 'email', domainPolicy: { blockFree: true } }),
      field({ name: 'phone', type: 'phone' }),
      field({ name: 'seats', type: 'number' }),
      field({ name: 'tags', type: 'multiselect', options: [{ value: 'a' }, { value: 'b' }] }),
      field({ name: 'site', type: 'url' }),
      field({ name: 'notes', type: 'textarea' }),
    ];
    expect(
      validateLeadValues(fields, {
        email: ' Ada@Acme.Example ',
        phone: '+1 415 555 0100',
        seats: '12',
        tags: ['a', 'a', 'b'],
        site: 'https://acme.example',
        notes: null,
        extra: 'dropped',
      }),
    ).toEqual({
      email: 'ada@acme.example',
      phone: '+14155550100',
      seats: 12,
      tags: ['a', 'b'],
      site: 'https://acme.example/',
    });
  });

  it('ignores a broken editor regex instead of rejecting every lead', () => {
    expect(
      validateLeadValues([field({ name: 'f', type: 'text', pattern: '(' })], { f: 'x' }),
    ).toEqual({
      f: 'x',
    });
  });
});
