/**
 * The PDF reader a reader loads on its first PDF, bundled whole (pdf.js included) as one CommonJS
 * script beside the entry and loaded with its V8 code cache (extraction-loader.ts).
 */
export { extractText } from './extract-text';
