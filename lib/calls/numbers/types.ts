import type { Ports } from '../../adapters/ports';

/** What the numbers context talks to, passed in (no env reads here). */
export interface NumberDeps extends Pick<Ports, 'db' | 'provider'> {
  /** A number's monthly rent (NUMBER_MONTHLY_FEE_USD), charged at purchase and each month. */
  monthlyFeeMicros: number;
}
