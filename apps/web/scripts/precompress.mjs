// After `vite build`: write .br and .gz twins of the text assets, so the server sends them
// compressed without compressing on every request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|css|html|svg|json|txt|xml|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (compressible.test(entry) && !entry.endsWith('.map')) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (br, gz)`);
