/**
 * The trading answers' envelope `{data, timestamp}`, stamped with the given instant
 * (docs/product/api.md#conventions).
 */
export function envelope<T>(data: T, atMs: number): { data: T; timestamp: string } {
  return { data, timestamp: new Date(atMs).toISOString() };
}
