import { describe, expect, it } from 'vitest';
import { sinTurns } from '@/lib/site/stats/sin-turns';

describe('sinTurns', () => {
  it('agrees with Math.sin(2π·turns) to within a few ulps over many turns', () => {
    let worst = 0;
    for (let i = -20_000; i <= 20_000; i++) {
      const turns = i / 997 + i * 1e-7; // irregular steps cover every quadrant
      const reference = Math.sin(2 * Math.PI * (turns - Math.round(turns)));
      worst = Math.max(worst, Math.abs(sinTurns(turns) - reference));
    }
    expect(worst).toBeLessThan(1e-15);
  });

  it('hits the quarter turns and is odd and 1-periodic', () => {
    expect(sinTurns(0)).toBe(0);
    expect(sinTurns(0.25)).toBeCloseTo(1, 15);
    expect(sinTurns(-0.25)).toBeCloseTo(-1, 15);
    expect(Math.abs(sinTurns(0.5))).toBeLessThan(1e-15);
    expect(sinTurns(-0.1)).toBe(-sinTurns(0.1));
    expect(sinTurns(1000.1)).toBeCloseTo(sinTurns(0.1), 12);
  });

  it('never leaves [-1, 1]', () => {
    for (let i = 0; i <= 10_000; i++) {
      expect(Math.abs(sinTurns(i / 10_000))).toBeLessThanOrEqual(1);
    }
  });
});
