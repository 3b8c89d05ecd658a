import { AnalysisError } from '../errors';
import { prepareImage, type PreparedImage } from './image';
import { recognize, type OcrResult, type WordBox } from './ocr';
import { MAX_OCR_PAGES, openPdf, readPdfText, renderPdfPage } from './pdf';
import { decodeText, detectFileKind, type FileKind } from './sniff';
import { expandTabs, type Token } from '../parse/tokens';
import type { ColourSource } from './second-reader/inkless';

export { detectFileKind, decodeText, type FileKind } from './sniff';

/** Plain lines of a document, however it was read, plus how trustworthy the reading was. */
export interface ExtractedText {
  kind: FileKind;
  lines: string[];
  source: 'text' | 'pdf_text' | 'ocr' | 'pdf_ocr';
  /** Mean OCR word confidence 0..1; null when no OCR was involved. */
  ocrConfidence: number | null;
  /**
   * Each line's cells with their positions across the page (parse/tokens.ts), where the source
   * knows them better than its spaces do (PDF text items, OCR word boxes); text files have none,
   * their character columns are their positions.
   */
  tokens?: Array<Token[] | undefined>;
  /**
   * The blank lines put between a PDF's pages: a table row cut by a page break (its name's second
   * line at the top of the next page) is joined across them, a blank line elsewhere ends a row.
   */
  pageBreaks?: number[];
  /**
   * Per line, the words printed in red (extract/ink.ts): a lab's own flag on most Indian reports.
   * Only for an image read as it is; absent elsewhere (text, PDFs, cleaned-up photos).
   */
  redWords?: string[][];
  /** Per line, the words a stroke of coloured ink crosses (a pen, a stamp): their reading is doubtful. */
  inkedWords?: string[][];
  /** An image cleaned up before OCR (extract/photo-fix.ts, decision 049). */
  photoFixed?: boolean;
  /**
   * The image OCR read and where each line's words are on it, for the second reader
   * (second-reader/, decision 200). Only inside the extraction thread: removed before the text
   * leaves it (run/thread.ts).
   */
  photo?: OcrPage;
  totalPages: number;
  pagesRead: number;
}

/** The index of the blank line after each page, when the pages are joined with one between them. */
function pageEnds(pages: string[][]): number[] {
  let at = -1;
  return pages.map((p) => (at += p.length + 1));
}

/** Splits text into lines; form feeds (page breaks in LIS exports) become line breaks too. */
export function splitLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((l) => tabbed(l).replace(/\s+$/, ''));
}

/**
 * A line of a tab-separated export (two or more tabs between fields) is a row of fields, read by
 * their order like a pipe table's cells (an empty field stays empty: a missing unit is missing).
 * Any other tab goes to its stop, so indented text keeps its column.
 */
function tabbed(line: string): string {
  const fields = line.split('\t');
  if (fields.length >= 3 && fields.filter((f) => f.trim()).length >= 2)
    return `| ${fields.map((f) => f.trim()).join(' | ')} |`;
  return expandTabs(line);
}

/** An image as OCR read it (greyscale), its tilt tesseract levelled, and its words' boxes. */
export interface OcrPage {
  /** Its grey pixels, one byte each, row by row (`width` × `height`)... */
  grey?: Uint8Array;
  /** ...or the PNG OCR read, decoded when a crop is first cut. */
  png?: Buffer;
  width: number;
  height: number;
  /** Degrees; the boxes are on the page levelled about its centre, the canvas kept. */
  angle: number;
  /** Per line of `lines`, its words. */
  boxes: WordBox[][];
  /**
   * The photo in colour, for crops of words a pen or a stamp crosses read with the mark's colour
   * taken out (second-reader/inkless.ts); only when the ink map saw such marks.
   */
  colour?: ColourSource;
}

export interface ExtractOptions {
  /**
   * Clean a photo up before OCR (extract/photo-fix.ts): true or false forces it (the second
   * reading of a weak photo is read the other way); unset, a shadowed page is cleaned up.
   */
  photoFix?: boolean;
}

export async function extractText(
  bytes: Buffer,
  signal?: AbortSignal,
  options: ExtractOptions = {},
): Promise<ExtractedText> {
  if (!bytes || bytes.length === 0) throw new AnalysisError('The file is empty', { code: 'empty' });
  const kind = detectFileKind(bytes);
  if (!kind) {
    throw new AnalysisError('The file is not a PDF, PNG, JPG or text file', { code: 'unknown_type' });
  }
  if (kind === 'txt') {
    const text = decodeText(bytes);
    if (text === null) throw new AnalysisError('The file is not readable text', { code: 'txt_binary' });
    if (text.trim().length === 0) throw new AnalysisError('The file is empty', { code: 'empty' });
    return {
      kind,
      lines: splitLines(text),
      source: 'text',
      ocrConfidence: null,
      totalPages: 1,
      pagesRead: 1,
    };
  }
  if (kind === 'png' || kind === 'jpg') {
    const image = await prepareImage(bytes, { photoFix: options.photoFix });
    const ocr = await recognize(image.png, signal, image.angle, image.ink);
    return imageText(kind, bytes, image, ocr);
  }
  const pdf = await openPdf(bytes);
  try {
    const text = await readPdfText(pdf);
    const textPages = text.pages.length - text.emptyPages.length;
    // A text layer wins unless most pages lack one: a last page holding only 'End of report'
    // does not turn a typed report into a scan.
    if (text.emptyPages.length === 0 || textPages >= text.emptyPages.length) {
      return {
        kind,
        lines: text.pages.flatMap((p) => [...p, '']),
        tokens: text.tokens.flatMap((p) => [...p, []]),
        pageBreaks: pageEnds(text.pages),
        source: 'pdf_text',
        ocrConfidence: null,
        totalPages: text.totalPages,
        pagesRead: text.pagesRead,
      };
    }
    // A scanned PDF: no text layer, so render each page and OCR it.
    const lines: string[] = [];
    const tokens: Token[][] = [];
    const pageBreaks: number[] = [];
    const redWords: string[][] = [];
    const inkedWords: string[][] = [];
    let confSum = 0;
    let pagesRead = 0;
    for (let n = 1; n <= Math.min(text.pagesRead, MAX_OCR_PAGES); n++) {
      if (signal?.aborted)
        throw new AnalysisError('The analysis was cancelled', { code: 'aborted', transient: true });
      const png = await renderPdfPage(pdf, n);
      let image;
      try {
        // Scanned pages are read as rendered: the clean-up and its second reading are for photos.
        image = await prepareImage(png, { photoFix: false });
      } catch (err) {
        if (err instanceof AnalysisError && err.code === 'image_blank') continue; // blank page
        throw err;
      }
      const ocr = await recognize(image.png, signal, image.angle, image.ink);
      lines.push(...ocr.lines, '');
      tokens.push(...ocr.tokens, []);
      pageBreaks.push(lines.length - 1);
      redWords.push(...(ocr.redWords ?? ocr.lines.map(() => [])), []);
      inkedWords.push(...(ocr.inkedWords ?? ocr.lines.map(() => [])), []);
      confSum += ocr.confidence;
      pagesRead++;
    }
    if (lines.join('').replace(/[^A-Za-z0-9]/g, '').length < 10) {
      throw new AnalysisError('No readable text was found in the PDF', { code: 'pdf_no_text' });
    }
    return {
      kind,
      lines,
      tokens,
      redWords,
      inkedWords,
      source: 'pdf_ocr',
      pageBreaks,
      ocrConfidence: pagesRead ? confSum / pagesRead : 0,
      totalPages: text.totalPages,
      pagesRead,
    };
  } finally {
    // Frees pdf.js page caches; unpdf's serverless build has no worker to terminate.
    await Promise.resolve(pdf.cleanup()).catch(() => undefined);
  }
}

/** An image's text as OCR read it, with the page the second reader cuts its crops from. */
export function imageText(
  kind: 'png' | 'jpg',
  bytes: Buffer,
  image: PreparedImage,
  ocr: OcrResult,
): ExtractedText {
  if (ocr.words < 3 || ocr.lines.join('').replace(/[^A-Za-z0-9]/g, '').length < 10) {
    throw new AnalysisError('No readable text was found in the image', { code: 'ocr_empty' });
  }
  return {
    kind,
    lines: ocr.lines,
    tokens: ocr.tokens,
    ...(ocr.redWords ? { redWords: ocr.redWords } : {}),
    ...(ocr.inkedWords ? { inkedWords: ocr.inkedWords } : {}),
    source: 'ocr',
    ocrConfidence: ocr.confidence,
    photoFixed: image.fixed,
    photo: {
      grey: image.grey,
      width: image.width,
      height: image.height,
      angle: image.angle,
      boxes: ocr.boxes,
      ...(ocr.inkedWords?.some((w) => w.length)
        ? { colour: { bytes, width: image.target, toSource: image.ink?.toSource } }
        : {}),
    },
    totalPages: 1,
    pagesRead: 1,
  };
}
