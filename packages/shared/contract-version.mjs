// The contract's version: a digest of the shared package's source (its schemas, constants and
// texts), computed by each build from the files it bundles. The web build and the server build
// each define it as `__CONTRACT_VERSION__`; the server sends it with every API answer, and a page
// whose own version is the same trusts the answer's shape without parsing it again
// (docs/decisions/0056). Any change to the shared source changes it, whether or not the change
// touched a schema: a new version costs only the parsing it skips.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/** Whether a source file is part of what the builds bundle (tests and their fixtures are not). */
const bundled = (file) => file.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(file) && !file.startsWith('testing/');

/** The version of the contract in `source` (the shared package's `src` by default): 16 hex digits. */
export function contractVersion(source = SOURCE) {
  const hash = createHash('sha256');
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter(bundled)
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(source, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}
