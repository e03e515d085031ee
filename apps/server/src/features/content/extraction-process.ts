import { runHost } from './extraction-host';
import { makeCodeCache, readWithCodeCache } from './extraction-loader';

/**
 * The entry of the extraction processes (built as dist/extraction-process.js): `host`, the one
 * process a server starts (extraction-host.ts), `read <request>`, the process the host starts for
 * each file (extraction-child.ts, loaded from the reader's bundle by extraction-loader.ts), or
 * `code-cache`, which the build runs once. No import of @tp/shared here or below: from source these
 * modules are bundled with their packages left outside (extraction-script.ts), and the contract is
 * TypeScript, which plain node does not run.
 */
const [role, request] = process.argv.slice(2);
const entry = process.argv[1]!;
if (role === 'host') runHost();
else if (role === 'read' && request) readWithCodeCache(entry, JSON.parse(request));
else if (role === 'code-cache') await makeCodeCache(entry);
else throw new Error(`unknown extraction role: ${role}`);
