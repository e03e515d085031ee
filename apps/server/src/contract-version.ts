declare const __CONTRACT_VERSION__: string | undefined;

/**
 * The shared contract this build answers by: defined by the server's build (build.mjs, from
 * packages/shared/contract-version.mjs), so only a built server sends it (docs/decisions/0056).
 * Under tsx and in tests it is undefined, and a page parses every answer, as in development.
 */
export const CONTRACT_VERSION: string | undefined =
  typeof __CONTRACT_VERSION__ === 'string' ? __CONTRACT_VERSION__ : undefined;
