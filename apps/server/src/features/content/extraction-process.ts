import { runExtraction, type ChildRequest } from './extraction-child';
import { runHost } from './extraction-host';

/**
 * The entry of the extraction processes (built as dist/extraction-process.js): `host`, the one
 * process a server starts (extraction-host.ts), or `read <request>`, the process the host starts
 * for each file (extraction-child.ts). No import of @tp/shared here or below: from source these
 * modules are bundled with their packages left outside (extraction-sandbox.ts), and the contract
 * is TypeScript, which plain node does not run.
 */
const [role, request] = process.argv.slice(2);
if (role === 'host') runHost();
else if (role === 'read' && request) runExtraction(JSON.parse(request) as ChildRequest);
else throw new Error(`unknown extraction role: ${role}`);
