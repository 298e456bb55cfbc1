/** A repeatable stand-in for Math.random, for the arena and the tests. */

/**
 * Returns a random source (mulberry32) that gives numbers from 0 (included) to 1 (excluded), like
 * Math.random, but the same seed always gives the same numbers, so results can be repeated.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
