import { runHost } from './extraction-host';
import { makeCodeCache, runReaderWithCodeCache } from './extraction-loader';

/**
 * The entry of the extraction processes (built as dist/extraction-process.js): `host`, the one
 * process a server starts (extraction-host.ts), `reader`, a process the host starts to read files
 * one after the other (extraction-child.ts, with the PDF reader loaded from its bundle by
 * extraction-loader.ts), or `code-cache`, which the build runs once. No import of @tp/shared here
 * or below: from source these modules are bundled with their packages left outside
 * (extraction-script.ts), and the contract is TypeScript, which plain node does not run.
 */
const role = process.argv[2];
const entry = process.argv[1]!;
if (role === 'host') runHost();
else if (role === 'reader') runReaderWithCodeCache(entry);
else if (role === 'code-cache') await makeCodeCache(entry);
else throw new Error(`unknown extraction role: ${role}`);
