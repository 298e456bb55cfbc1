/** Which hand-ins a --shard run grades, in an order no machine setting changes. */

/** Orders names by UTF-16 code units (JavaScript's `<`): the same on every machine, whatever its LANG. */
export function byCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The hand-ins one shard grades: every count-th of the class in code-unit order of their names, from the index-th; in the order given. */
export function shardMembers<T extends { name: string }>(everyone: T[], shard: { index: number; count: number }): T[] {
  const dealt = [...everyone].sort((a, b) => byCodeUnits(a.name, b.name));
  const members = new Set(dealt.filter((_, position) => position % shard.count === shard.index - 1));
  return everyone.filter((candidate) => members.has(candidate));
}
