/** The version of the contract in `source` (the shared package's `src` by default): 16 hex digits. */
export function contractVersion(source?: string): string;
