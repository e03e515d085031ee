/**
 * A unique id (a UUID; without `crypto.randomUUID`, outside a secure context, the time and a random
 * hex part): request ids, idempotency keys, click ids, local rows, tab leases and highlights.
 * Only letters, digits and `-`, so it fits every id field of the contract.
 */
export function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}
