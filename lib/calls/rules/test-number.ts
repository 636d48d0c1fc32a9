/**
 * The published test numbers (555-0100 to 555-0199 are fictional in North America): they cost
 * no one, so a carrier's stricter rules for real calls never apply to them.
 */
export const TEST_NUMBER_PATTERN = '^\\+1[0-9]{3}55501[0-9]{2}$';

const testNumber = new RegExp(TEST_NUMBER_PATTERN);

export const isTestNumber = (e164: string): boolean => testNumber.test(e164);
