// ECMAScript leaves Math.sin "implementation-approximated", so two runtimes (or two CPU builds of
// one) may differ in the last bit, and floor() can turn that bit into a count that is off by one
// for a bucket. IEEE 754 rounds +, -, * and / exactly, so this series yields the same bits on
// every instance, which is what "identical across regions" needs.

const TWO_PI = 2 * Math.PI;

/** Taylor coefficients (-1)^k / (2k+1)! of sin x, for k < count. */
function sineCoefficients(count: number): number[] {
  const terms = [1];
  for (let k = 1; k < count; k++) terms.push(-terms[k - 1]! / (2 * k * (2 * k + 1)));
  return terms;
}

// Up to x^23: for |x| <= π/2 the first omitted term is below 2e-18, under half an ulp of 1.
const COEFFICIENTS = sineCoefficients(12);

/** sin(2π·turns), using only exactly-rounded arithmetic. */
export function sinTurns(turns: number): number {
  // Subtracting the nearest integer is exact, so the phase loses nothing for large inputs.
  let r = turns - Math.round(turns); // [-0.5, 0.5]
  // sin(π - a) = sin(a): fold into [-0.25, 0.25] turns, where the series converges fast.
  if (r > 0.25) r = 0.5 - r;
  else if (r < -0.25) r = -0.5 - r;
  const x = TWO_PI * r;
  const x2 = x * x;
  let sum = 0;
  for (let k = COEFFICIENTS.length - 1; k >= 0; k--) sum = sum * x2 + COEFFICIENTS[k]!;
  return x * sum;
}
