import { config } from 'zod';

// The Content-Security-Policy allows no eval. Without its JIT, zod never probes `new Function`,
// which the browser reports as a CSP violation even though zod catches it. Imported for its effect
// by every module that hands zod schemas to the web client.
config({ jitless: true });
