import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { Script } from 'node:vm';
import { extractText } from './extract-text';
import { runReader } from './extraction-child';
import type * as ReaderModule from './extraction-reader';

/**
 * A reader loads the PDF reader (1.4 MB of pdf.js) from a CommonJS bundle (extraction-reader.ts)
 * with a V8 code cache: compiling it from source was most of a file's CPU. The cache is made once,
 * by the build or the first use from source, never by a reader: what decodes an uploaded file
 * cannot write what the next ones will run (node's permission model lets a reader read the bundle
 * and the cache, and write nothing).
 */

/**
 * The node options of a reader: its JavaScript heap limit. The code cache of the PDF reader is
 * made under the same V8 flags: V8 takes a cache only made under its flags. The permission model's
 * flags (extraction-readers.ts) are node's own, not V8's: the cache made without them is taken.
 */
export const READER_NODE_OPTIONS = ['--max-old-space-size=256'];

type Reader = typeof ReaderModule;

/** The reader's bundle and code cache, named after the entry: `x.js` → `x.reader.cjs`, `x.reader.cache`. */
export function readerFiles(entry: string) {
  const base = entry.replace(/\.m?js$/, '');
  return { bundle: `${base}.reader.cjs`, cache: `${base}.reader.cache` };
}

function loadReader(bundle: string, cachedData?: Buffer): { reader: Reader; script: Script } {
  // node's own CommonJS wrapper, on the bundle's first line so that its line numbers hold
  const source = `(function (exports, require, module) {${readFileSync(bundle, 'utf8')}\n})`;
  const script = new Script(source, { filename: bundle, cachedData });
  const module = { exports: {} as Reader };
  (script.runInThisContext() as (e: object, r: NodeJS.Require, m: object) => void)(
    module.exports,
    createRequire(bundle),
    module,
  );
  return { reader: module.exports, script };
}

/** Loads the PDF reader from its bundle and code cache; says on standard error when V8 did not take the cache. */
function loadWithCodeCache(entry: string): Reader {
  const { bundle, cache } = readerFiles(entry);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cache);
  } catch {
    // none: the bundle is compiled as it runs, slower but the same
  }
  const { reader, script } = loadReader(bundle, cachedData);
  // a slower start, not a failure: the host keeps it only for an error, and a test looks for it
  if (!cachedData || script.cachedDataRejected) process.stderr.write(`no usable code cache at ${cache}\n`);
  return reader;
}

/** The role of a reader: a PDF with the reader loaded once from its bundle and cache, a text document without. */
export function runReaderWithCodeCache(entry: string): void {
  let pdfReader: Reader | undefined;
  runReader((source, mime, options) => {
    if (mime !== 'application/pdf') return extractText(source, mime, options);
    pdfReader ??= loadWithCodeCache(entry);
    return pdfReader.extractText(source, mime, options);
  });
}

/** A one-page PDF without a cross-reference table (pdf.js finds its objects): open, page, text. */
const WARM_UP_PDF = [
  '%PDF-1.4',
  '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj',
  '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
  '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>> endobj',
  '4 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>> endobj',
  '5 0 obj <</Length 35>> stream',
  'BT /F1 18 Tf 72 720 Td (Warm) Tj ET',
  'endstream endobj',
  'trailer <</Root 1 0 R>>',
  '%%EOF',
].join('\n');

/**
 * Writes the code cache: V8 compiles a function when it is first called, and the cache holds what
 * was compiled, so a small PDF is read first. Runs in a process started with READER_NODE_OPTIONS.
 */
async function writeCodeCache(entry: string): Promise<void> {
  const { bundle, cache } = readerFiles(entry);
  const { reader, script } = loadReader(bundle);
  const pdf = Buffer.from(WARM_UP_PDF, 'latin1');
  await reader.extractText(Readable.from([pdf]), 'application/pdf', { maxInputBytes: pdf.length });
  // written whole under another name first: a reader may read it at any moment
  writeFileSync(`${cache}.${process.pid}`, script.createCachedData());
  renameSync(`${cache}.${process.pid}`, cache);
}

const underReaderOptions = () => READER_NODE_OPTIONS.every((option) => process.execArgv.includes(option));

/**
 * Makes the reader's code cache beside `entry` (the role `code-cache`): in this process if it runs
 * under the V8 options a reader gets, else in one started so, with no environment either
 * (NODE_OPTIONS would change V8's flags).
 */
export async function makeCodeCache(entry: string): Promise<void> {
  if (underReaderOptions()) return writeCodeCache(entry);
  const child = spawn(process.execPath, [...READER_NODE_OPTIONS, entry, 'code-cache'], {
    env: {},
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the PDF reader's code cache could not be made (exit ${code})`);
}
