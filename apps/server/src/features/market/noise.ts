/**
 * Deterministic randomness for the simulator: every number is a hash of (seed, stream, index, k),
 * so any instant can be computed on its own, in any process, with the same result. No state, no
 * Math.random. Math.log/exp/sqrt are V8's fdlibm ports, the same on every platform.
 */

const TWO_POW_32 = 4_294_967_296;

/** A 32-bit integer mixer with full avalanche (Wellons' lowbias32). */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}

/** FNV-1a of a string: a per-symbol seed. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** 32 random bits for (seed, stream, index, k); index may be any safe integer, negative included. */
export function hash(seed: number, stream: number, index: number, k: number): number {
  let h = mix32(seed ^ Math.imul(stream + 1, 0x9e3779b9));
  h = mix32(h ^ (index >>> 0));
  h = mix32(h ^ (Math.floor(index / TWO_POW_32) >>> 0));
  return mix32(h ^ k);
}

/** A uniform number strictly inside (0, 1). */
export function uniform(bits: number): number {
  return (bits + 0.5) / TWO_POW_32;
}

// Acklam's rational approximation of the inverse normal CDF (relative error below 1.2e-9).
const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771011, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

function tail(q: number): number {
  return (
    (((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) /
    ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1)
  );
}

/** The standard normal quantile of p in (0, 1). */
export function inverseNormal(p: number): number {
  if (p < P_LOW) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - P_LOW) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A[0]! * r + A[1]!) * r + A[2]!) * r + A[3]!) * r + A[4]!) * r + A[5]!) * q) /
    (((((B[0]! * r + B[1]!) * r + B[2]!) * r + B[3]!) * r + B[4]!) * r + 1)
  );
}

/** A standard normal draw from 32 random bits. */
export function normal(bits: number): number {
  return inverseNormal(uniform(bits));
}
