import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '@/lib/calls/fill-placeholders';

describe('fillPlaceholders', () => {
  it('fills every placeholder that has a value', () => {
    expect(
      fillPlaceholders('Call {{name}} about order {{order_id}}; ask {{name}} to confirm.', {
        name: 'Ada',
        order_id: 42,
      }),
    ).toBe('Call Ada about order 42; ask Ada to confirm.');
  });

  it('leaves placeholders without a value as written', () => {
    expect(fillPlaceholders('Hi {{name}}, your code is {{code}}.', { name: 'Ada' })).toBe(
      'Hi Ada, your code is {{code}}.',
    );
    expect(fillPlaceholders('Hi {{name}}.', { name: null })).toBe('Hi {{name}}.');
    expect(fillPlaceholders('Hi {{name}}.', null)).toBe('Hi {{name}}.');
  });

  it('writes objects and arrays as JSON, and false and 0 as themselves', () => {
    expect(
      fillPlaceholders('Order: {{order}}; items {{items}}; paid {{paid}}; due {{due}}', {
        order: { id: 7, total: 9.5 },
        items: ['a', 'b'],
        paid: false,
        due: 0,
      }),
    ).toBe('Order: {"id":7,"total":9.5}; items ["a","b"]; paid false; due 0');
  });

  it('accepts spaces inside the braces', () => {
    expect(fillPlaceholders('Hello {{ name }} and {{name  }}!', { name: 'Ada' })).toBe(
      'Hello Ada and Ada!',
    );
  });

  it('does not touch single braces or text that only looks like a placeholder', () => {
    expect(fillPlaceholders('{name} and {{ }} stay', { name: 'Ada' })).toBe(
      '{name} and {{ }} stay',
    );
  });
});
