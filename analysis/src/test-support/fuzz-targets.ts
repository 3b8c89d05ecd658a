/**
 * The engine's inner entry points that the extraction fuzz (tests/api/fuzz-extract.test.ts) drives:
 * reading a file under the product's own bound, and the parser on the text read. Named here so the
 * fuzz does not depend on where each lives inside the package.
 */
export { extractTextBounded, shutdownExtraction } from '../run/bounded';
export { scanRows as parseRows } from '../parse/lab-lines';
