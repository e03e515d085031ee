/** The trading answers' envelope (spec 01 §7, ARCHITECTURE §4): `{data, timestamp}`, stamped with the given instant. */
export function envelope<T>(data: T, atMs: number): { data: T; timestamp: string } {
  return { data, timestamp: new Date(atMs).toISOString() };
}
