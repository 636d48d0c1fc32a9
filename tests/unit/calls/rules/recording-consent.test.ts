import { describe, expect, it } from 'vitest';
import { needsAllPartyConsent } from '@/lib/calls/rules';

// Numbers of every all-party-consent state, whichever way the geocoder names the place ("City,
// ST" or the state in full), and of one-party states and the capital beside them.
const table: [string, string, boolean][] = [
  ['+14155550123', 'San Francisco, CA', true],
  ['+19165551234', 'California (Sacramento)', true],
  ['+13055551234', 'Florida (Miami)', true],
  ['+13125551234', 'Chicago, IL', true],
  ['+14105551234', 'Maryland (Baltimore)', true],
  ['+16175551234', 'Massachusetts (Boston)', true],
  ['+14065551234', 'Montana', true],
  ['+16035551234', 'New Hampshire', true],
  ['+12155551234', 'Pennsylvania (Philadelphia)', true],
  ['+12065551234', 'Washington State (Seattle)', true],
  ['+17182345678', 'Brooklyn, NY (one-party)', false],
  ['+15125551234', 'Texas (one-party)', false],
  ['+12025551234', 'Washington D.C. (one-party)', false],
  ['+14165551234', 'Ontario (not listed)', false],
];

describe('all-party-consent jurisdictions by number', () => {
  it.each(table)('%s (%s) → %s', async (number, _place, expected) => {
    expect(await needsAllPartyConsent(number, [])).toBe(expected);
  });

  it('adds the countries the deployment lists', async () => {
    expect(await needsAllPartyConsent('+14165551234', ['CA'])).toBe(true);
    expect(await needsAllPartyConsent('+4930123456', ['DE'])).toBe(true);
    expect(await needsAllPartyConsent('+4930123456', ['CA'])).toBe(false);
  });
});
