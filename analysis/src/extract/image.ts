import sharp from 'sharp';
import { AnalysisError } from '../errors';
import { inkMap, type InkMap } from './ink';
import { fixPhoto, levelledToSource, lighting, type ToSource } from './photo-fix';

// libvips' operation cache only helps repeated identical operations; here it just holds memory.
sharp.cache(false);

/** About 40 megapixels: a phone photo fits, a decompression bomb does not. */
const MAX_INPUT_PIXELS = 40_000_000;
/**
 * A4 at ~1800-2000 px wide gives text ~20-25 px tall: enough for tesseract once sharpened, and
 * tesseract's memory grows with the pixel count (2300 px cost ~100 MB more for no gain here).
 */
const TARGET_MIN_WIDTH = 1800;
const TARGET_MAX_WIDTH = 2000;
async function fixedPhoto(
  bytes: Buffer,
  target: number,
): Promise<{ image: sharp.Sharp; toSource: ToSource }> {
  const grey = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .greyscale()
    .resize({ width: target, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fixed = await fixPhoto(grey.data, grey.info.width, grey.info.height);
  return {
    image: sharp(fixed.data, { raw: { width: fixed.width, height: fixed.height, channels: 1 } }).greyscale(),
    toSource: fixed.toSource,
  };
}

export interface PreparedImage {
  png: Buffer;
  /**
   * The same image's grey pixels, one byte each: the second reader's crops are cut from them
   * (second-reader/crops.ts) without decoding the PNG again.
   */
  grey: Buffer;
  width: number;
  height: number;
  /** Cleaned up (photo-fix.ts) before OCR. */
  fixed: boolean;
  /**
   * The text lines' tilt in degrees (positive: falling to the right) that OCR is to level; 0 for
   * a page already level or levelled by the clean-up.
   */
  angle: number;
  /**
   * The page's ink by colour (extract/ink.ts), read on the original through the correction OCR's
   * copy went through.
   */
  ink: InkMap | null;
  /** The width the photo was scaled to before any clean-up: the ink map's and `ink.toSource`'s scale. */
  target: number;
}

/**
 * Below this spread of the page's light (photo-fix.ts `lighting`), a page that fills the photo
 * is taken to be under a shadow. Measured (decision 049): the generated shadowed photos 0.76-0.79,
 * clean renders and the fixtures' frameless images 0.87-0.98; photos with a frame (a page lying
 * on a table) are never taken for one, whatever their light.
 */
const SHADOW_SPREAD = 0.83;

/** The page's light and tilt, measured on a small copy (photo-fix.ts `lighting`). */
async function measure(bytes: Buffer): ReturnType<typeof lighting> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .greyscale()
    .resize({ width: 800 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return lighting(data, info.width, info.height);
}

/** A cropped page under a shadow, or a page seen at a slant: read cleaned up first (decision 049). */
function cleanupFirst(light: Awaited<ReturnType<typeof lighting>>): boolean {
  return (light.framed < 0.01 && light.spread < SHADOW_SPREAD) || light.keystoned;
}

/**
 * Greyscale, normalise contrast and scale so text is a good size for OCR. Refuses images that
 * are not decodable and images that are pure noise (grey-level entropy near 8 bits and very
 * high local contrast), which tesseract would otherwise grind on for a long time.
 */
export async function prepareImage(
  bytes: Buffer,
  /** photoFix: true or false forces the clean-up on or off; unset, a shadowed or keystoned page gets it. */
  options: { photoFix?: boolean } = {},
): Promise<PreparedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new AnalysisError('The image could not be opened; it may be damaged', {
      code: 'image_invalid',
      cause: err,
    });
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 32 || height < 32) {
    throw new AnalysisError('The image is too small to read', { code: 'image_small' });
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AnalysisError('The image is too large to read', { code: 'image_large' });
  }
  try {
    const stats = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: Math.min(width, 1200), withoutEnlargement: true })
      .greyscale()
      .stats();
    const entropy = stats.entropy;
    if (entropy > 7.3 && stats.sharpness > 12) {
      throw new AnalysisError('No readable text was found in the image', { code: 'image_noise' });
    }
    // A blank page (one flat colour) has nothing to read; tesseract would still spend seconds on it.
    if (stats.channels[0].stdev < 2) {
      throw new AnalysisError('No readable text was found in the image', { code: 'image_blank' });
    }
    const target = width < TARGET_MIN_WIDTH ? TARGET_MIN_WIDTH : Math.min(width, TARGET_MAX_WIDTH);
    // A shadowed or keystoned page, or the second reading of a weak photo (decision 049): its frame
    // whitened, shadows flattened, a page seen at a slant made rectangular and a tilted page
    // levelled first (photo-fix.ts). Unsaid: decided here, on a small copy that also gives the
    // tilt of a page read as it is (OCR levels it: tesseract's own search for the angle costs a
    // layout pass of the whole page, ~30 MB more peak memory and ~0.6 s a photo).
    const light = options.photoFix === true ? null : await measure(bytes);
    const fix = light ? (options.photoFix ?? cleanupFirst(light)) : true;
    const fixed = fix ? await fixedPhoto(bytes, target) : null;
    const base =
      fixed?.image ??
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate() // honour EXIF orientation of phone photos
        .greyscale()
        .resize({ width: target, kernel: 'lanczos3' });
    const { data: pixels, info } = await base
      .normalise()
      // Photos and WhatsApp JPEGs are soft; sharpening keeps decimal points from vanishing.
      .sharpen({ sigma: 1.5 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // OCR is given a PNG of those pixels (lossless: the same image, an image's alpha kept with it);
    // the crops take the grey band.
    const channels = info.channels;
    const data = await sharp(pixels, { raw: { width: info.width, height: info.height, channels } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const grey = channels === 1 ? pixels : greyBand(pixels, channels);
    const angle = fix ? 0 : (light?.angle ?? 0);
    // OCR's word boxes are on the corrected copy: the clean-up's warp and levelling, or the
    // levelling tesseract does as it reads (about the centre, the canvas kept).
    const toSource =
      fixed?.toSource ??
      (angle ? levelledToSource(angle, info.width, info.height, info.width, info.height) : undefined);
    return {
      png: data,
      grey,
      width: info.width,
      height: info.height,
      fixed: fix,
      angle,
      ink: await inkMap(bytes, target, MAX_INPUT_PIXELS, toSource),
      target,
    };
  } catch (err) {
    if (err instanceof AnalysisError) throw err;
    throw new AnalysisError('The image could not be opened; it may be damaged', {
      code: 'image_invalid',
      cause: err,
    });
  }
}

/** The first band of interleaved pixels (grey and alpha: the grey). */
function greyBand(pixels: Buffer, channels: number): Buffer {
  const out = Buffer.alloc(pixels.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = pixels[i * channels];
  return out;
}
