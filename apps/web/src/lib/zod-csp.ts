/**
 * The Content-Security-Policy allows no eval. Without its JIT, zod never probes `new Function`,
 * which the browser reports as a CSP violation even though zod catches it. zod reads its settings
 * from this global when a schema is created, so it is set here, in the entry chunk, before any
 * chunk that creates schemas runs: the bundler may put shared schemas in a chunk that runs before
 * any module importing zod's `config` could.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
