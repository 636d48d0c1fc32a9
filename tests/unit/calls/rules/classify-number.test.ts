import { describe, expect, it } from 'vitest';
import { classifyNumber, numberTimeZones } from '@/lib/calls/rules';

// Real-format numbers (the numbering plans' own ranges), one per rule.
const table: [string, string, { country: string | null; type: string | null; refused: boolean }][] =
  [
    [
      '+14155550123',
      'US geographic (San Francisco)',
      { country: 'US', type: 'FIXED_LINE_OR_MOBILE', refused: false },
    ],
    [
      '+16045550123',
      'Canada (Vancouver)',
      { country: 'CA', type: 'FIXED_LINE_OR_MOBILE', refused: false },
    ],
    ['+18005550100', 'US toll-free', { country: 'US', type: 'TOLL_FREE', refused: false }],
    [
      '+19005550100',
      'US premium rate (1-900)',
      { country: 'US', type: 'PREMIUM_RATE', refused: true },
    ],
    [
      '+448719123456',
      'UK premium rate (0871)',
      { country: 'GB', type: 'PREMIUM_RATE', refused: true },
    ],
    [
      '+3290123456',
      'Belgium premium rate (0901)',
      { country: 'BE', type: 'PREMIUM_RATE', refused: true },
    ],
    [
      '+33810123456',
      'France shared cost (0810)',
      { country: 'FR', type: 'SHARED_COST', refused: true },
    ],
    [
      '+4918012345',
      'Germany shared cost (0180)',
      { country: 'DE', type: 'SHARED_COST', refused: true },
    ],
    ['+27861123456', 'South Africa UAN (0861)', { country: 'ZA', type: 'UAN', refused: true }],
    ['+31840123456', 'Netherlands UAN (084)', { country: 'NL', type: 'UAN', refused: true }],
    [
      '+447031234567',
      'UK personal number (070)',
      { country: 'GB', type: 'PERSONAL_NUMBER', refused: true },
    ],
    [
      '+4970012345678',
      'Germany personal number (0700)',
      { country: 'DE', type: 'PERSONAL_NUMBER', refused: true },
    ],
    ['+881612345678', 'Iridium satellite (+881)', { country: null, type: 'MOBILE', refused: true }],
    [
      '+882167890123',
      'international network (+882)',
      { country: null, type: 'VOIP', refused: true },
    ],
    [
      '+883510012345',
      'international network (+883)',
      { country: null, type: 'VOIP', refused: true },
    ],
    ['+252612345678', 'Somalia mobile', { country: 'SO', type: 'MOBILE', refused: false }],
    [
      '+442079460000',
      'UK London fixed line',
      { country: 'GB', type: 'FIXED_LINE', refused: false },
    ],
    [
      '+12844961234',
      'British Virgin Islands (NANP, not US)',
      { country: 'VG', type: 'MOBILE', refused: false },
    ],
  ];

describe('classifyNumber', () => {
  it.each(table)('%s (%s)', (number, _what, expected) => {
    const got = classifyNumber(number);
    expect({ country: got.country, type: got.type, refused: got.refusal !== null }).toEqual(
      expected,
    );
  });

  it('refuses what the library cannot read at all (an unassigned calling code)', () => {
    expect(classifyNumber('+9991234567')).toEqual({
      country: null,
      type: null,
      refusal: 'not a phone number we can read',
    });
  });

  it('names the reason of a refusal in words a person reads', () => {
    expect(classifyNumber('+19005550100').refusal).toBe('a premium-rate number');
    expect(classifyNumber('+881612345678').refusal).toBe('a satellite number (+881)');
  });
});

describe('numberTimeZones', () => {
  it('maps a geographic number to its one zone', async () => {
    expect(await numberTimeZones('+14155550123')).toEqual(['America/Los_Angeles']);
    expect(await numberTimeZones('+12125550199')).toEqual(['America/New_York']);
    expect(await numberTimeZones('+14035550100')).toEqual(['America/Edmonton']);
  });

  it('tells apart area codes that share their first digits (415 and 416), and knows no zone of +800', async () => {
    expect(await numberTimeZones('+14155550123')).toEqual(['America/Los_Angeles']);
    expect(await numberTimeZones('+14165550123')).toEqual(['America/Toronto']);
    expect(await numberTimeZones('+14155550199')).toEqual(['America/Los_Angeles']);
    // International freephone: the mapping has no place for it.
    expect(await numberTimeZones('+80012345678')).toEqual([]);
  });

  it('maps an area code that spans zones to all of them', async () => {
    // 709 (Newfoundland and Labrador) rings in Newfoundland time and in Atlantic time.
    const zones = await numberTimeZones('+17095550100');
    expect(zones).toHaveLength(2);
    expect(zones).toContain('America/St_Johns');
  });

  it('maps a non-geographic number to every zone of its plan', async () => {
    const zones = await numberTimeZones('+18005550100');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Pacific/Honolulu');
  });
});
