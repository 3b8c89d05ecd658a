/**
 * A reader of small crops of a page: given a word's pixels, the text it sees. The first reader is
 * tesseract over the whole page (extract/ocr.ts); a second reader re-reads the crops of what the
 * first read, so that a number is shown as read only when two readers of different families
 * agree (verify/, decision 200).
 */
export interface Crop {
  /** Grey pixels, one byte each, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface CropReading {
  text: string;
  /** The reader's own confidence, 0..1. */
  confidence: number;
}

export interface CropReader {
  name: string;
  readCrops(crops: Crop[]): Promise<CropReading[]>;
}
