import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import { AnalysisError } from '../errors';
import { charWidthOf, fragmentsToRows, type Fragment } from './layout';
import type { Token } from '../parse/tokens';

/** Bounded work: reports are a few pages; a PDF with thousands is read up to this many. */
export const MAX_PDF_PAGES = 20;
/** Scanned pages cost an OCR pass each (~1-2 s), so fewer of them are read. */
export const MAX_OCR_PAGES = 6;

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export interface PdfText {
  pages: string[][];
  /** Each page's lines' cells with their positions. */
  tokens: Token[][][];
  totalPages: number;
  pagesRead: number;
  /** Pages whose text layer was (nearly) empty: candidates for OCR. */
  emptyPages: number[];
}

export async function openPdf(bytes: Buffer): Promise<PdfDocument> {
  try {
    return await getDocumentProxy(new Uint8Array(bytes), {
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    });
  } catch (err) {
    const name = (err as { name?: string })?.name ?? '';
    if (name === 'PasswordException') {
      throw new AnalysisError('The PDF is password-protected', { code: 'pdf_encrypted', cause: err });
    }
    throw new AnalysisError('The file is not a valid PDF', { code: 'pdf_invalid', cause: err });
  }
}

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/**
 * More pieces of text than twenty pages of any report hold (a dense page has a few thousand). A
 * PDF whose streams inflate to millions of text operators (a "zip bomb") is refused when it gets
 * here, not read on until the thread's memory runs out: an out-of-memory in the extraction thread
 * can take the whole process down with it.
 */
const MAX_TEXT_ITEMS = 200_000;

/** A page's text items, read as a stream and stopped (the parser with it) past `budget`. */
async function pageTextItems(
  page: Awaited<ReturnType<PdfDocument['getPage']>>,
  budget: number,
): Promise<PdfTextItem[]> {
  const reader = page.streamTextContent().getReader();
  const items: PdfTextItem[] = [];
  for (;;) {
    const { value, done } = (await reader.read()) as { value?: { items: unknown[] }; done: boolean };
    if (done) return items;
    for (const i of value?.items ?? [])
      if (typeof (i as PdfTextItem).str === 'string') items.push(i as PdfTextItem);
    if (items.length > budget) {
      await reader.cancel().catch(() => undefined);
      throw new AnalysisError('The PDF holds far more text than a report; it may be damaged', {
        code: 'pdf_too_large',
      });
    }
  }
}

export async function readPdfText(pdf: PdfDocument): Promise<PdfText> {
  const totalPages = pdf.numPages;
  if (totalPages < 1) throw new AnalysisError('The PDF has no pages', { code: 'pdf_empty' });
  const pagesRead = Math.min(totalPages, MAX_PDF_PAGES);
  const pages: string[][] = [];
  const tokens: Token[][][] = [];
  const emptyPages: number[] = [];
  const pageFragments: Fragment[][] = [];
  let itemCount = 0;
  for (let n = 1; n <= pagesRead; n++) {
    let items: PdfTextItem[];
    try {
      const page = await pdf.getPage(n);
      items = await pageTextItems(page, MAX_TEXT_ITEMS - itemCount);
      itemCount += items.length;
      page.cleanup();
    } catch (err) {
      if (err instanceof AnalysisError) throw err;
      throw new AnalysisError('The PDF is damaged and could not be read', {
        code: 'pdf_corrupt',
        cause: err,
      });
    }
    // PDF y grows upwards; the layout module wants top-to-bottom.
    const fragments: Fragment[] = items.map((i) => ({
      text: i.str,
      x: i.transform[4],
      y: -i.transform[5],
      width: i.width,
      height: i.height || Math.abs(i.transform[3]) || 10,
    }));
    pageFragments.push(fragments);
  }
  // One character width for the whole document: a table running onto the next page keeps its columns.
  const charWidth = charWidthOf(pageFragments.flat());
  for (const [i, fragments] of pageFragments.entries()) {
    const rows = fragmentsToRows(fragments, charWidth);
    pages.push(rows.lines);
    tokens.push(rows.tokens);
    const chars = rows.lines.join('').replace(/\s/g, '').length;
    if (chars < 30) emptyPages.push(i + 1);
  }
  return { pages, tokens, totalPages, pagesRead, emptyPages };
}

/** Longest side of a rendered page: enough for OCR, and a huge MediaBox cannot exhaust memory. */
const MAX_RENDER_SIDE = 2400;

/** Renders one page to PNG for OCR, at up to 3x (about 220 dpi for A4), capped in pixels. */
export async function renderPdfPage(pdf: PdfDocument, pageNumber: number): Promise<Buffer> {
  try {
    const page = await pdf.getPage(pageNumber);
    const { width, height } = page.getViewport({ scale: 1 });
    const scale = Math.max(0.1, Math.min(3, MAX_RENDER_SIDE / Math.max(width, height, 1)));
    const png = await renderPageAsImage(pdf, pageNumber, {
      canvasImport: () => import('@napi-rs/canvas'),
      scale,
    });
    return Buffer.from(png);
  } catch (err) {
    throw new AnalysisError('A page of the PDF could not be rendered for reading', {
      code: 'pdf_render',
      cause: err,
    });
  }
}
