import sharp from 'sharp';

/**
 * Phone-photo clean-up before OCR, for a page under a shadow (extract/image.ts decides) and for
 * the second reading of a photo whose first reading was weak (decision 049; photo-reading.ts):
 * the dark surroundings of the page are whitened, uneven light (a shadow across the page) is
 * flattened by dividing each pixel by its blurred surroundings, so one threshold fits the whole
 * page; and a tilted page is turned level by the angle of its text lines, found as the angle whose
 * row profile of dark pixels is the most peaked. A tilt of a degree is enough to make tesseract
 * mix neighbouring rows of a table (a result read against the next test's name).
 */

/** Small enough to be quick, large enough to see text lines. */
const PROBE_WIDTH = 800;
const MAX_SKEW_DEG = 5;
const SKEW_STEP_DEG = 0.1;
/** Below this the page is level enough; rotating would only blur it. */
const MIN_SKEW_DEG = 0.25;

/** Dark pixels (x, y pairs) of a greyscale raw image: darker than 80 % of their blurred surroundings. */
function darkPixels(grey: Buffer, bg: Buffer, width: number, height: number): Int32Array {
  const xs: number[] = [];
  // The frame of a photo (the table's edge, the background around the page) is level with the
  // image, not with the text: only the inner part is looked at.
  const mx = Math.round(width * 0.06);
  const my = Math.round(height * 0.06);
  for (let y = my; y < height - my; y++) {
    for (let x = mx; x < width - mx; x++) {
      const i = y * width + x;
      if (grey[i] < bg[i] * 0.8) xs.push(x, y);
    }
  }
  return Int32Array.from(xs);
}

/**
 * The text lines' angle in degrees, positive when lines fall to the right (rotate by its negative
 * to level them); 0 when there is too little text to tell.
 */
export function textAngle(grey: Buffer, bg: Buffer, width: number, height: number): number {
  const pts = darkPixels(grey, bg, width, height);
  if (pts.length < 2000) return 0;
  const margin = Math.ceil(width * Math.tan((MAX_SKEW_DEG * Math.PI) / 180)) + 1;
  const bins = new Float64Array(height + 2 * margin);
  let best = 0;
  let bestScore = -1;
  for (let deg = -MAX_SKEW_DEG; deg <= MAX_SKEW_DEG + 1e-9; deg += SKEW_STEP_DEG) {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let k = 0; k < pts.length; k += 2) bins[Math.round(pts[k + 1] - pts[k] * t) + margin]++;
    let score = 0;
    for (let i = 0; i < bins.length; i++) score += bins[i] * bins[i];
    if (score > bestScore) {
      bestScore = score;
      best = deg;
    }
  }
  return Math.round(best * 100) / 100;
}

/** The grey level below which a share q (0..1) of a histogram's n counted pixels lie. */
function percentile(hist: Uint32Array, n: number, q: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (seen > q * n) return v;
  }
  return 255;
}

/** The grey level of the paper: the 90th percentile of the page's pixels. */
function paperLevel(grey: Buffer): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < grey.length; i++) hist[grey[i]]++;
  return percentile(hist, grey.length, 0.9);
}

/**
 * What lies around the page in a photo (the table or cloth it was laid on): the dark region
 * connected to the image's edge, widened by a few pixels to take the page's shadowed rim too.
 * Marked 1. A dark band inside the page (a coloured table header) does not touch the edge and
 * is kept. Left to the flattening, that frame turns into a band of black speckle along the page
 * edge that tesseract reads as letters at the ends of every line (decision 049).
 */
export function frameMask(grey: Buffer, width: number, height: number, paper: number): Uint8Array {
  const dark = paper * 0.6;
  const mask = new Uint8Array(width * height);
  const stack: number[] = [];
  const push = (i: number) => {
    if (mask[i] === 0 && grey[i] < dark) {
      mask[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i + width < mask.length) push(i + width);
  }
  return grow(mask, width, height, Math.max(2, Math.round(width / 80)));
}

/** A mask widened by r pixels each way (separable max filter). */
function grow(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    // Two sweeps: distance to the nearest marked pixel on the left and on the right.
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]) last = x;
      if (x - last <= r) rows[y * width + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[y * width + x]) last = x;
      if (last - x <= r) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (rows[y * width + x]) last = y;
      if (y - last <= r) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (rows[y * width + x]) last = y;
      if (last - y <= r) out[y * width + x] = 1;
    }
  }
  return out;
}

/**
 * Each pixel divided by its background (a wide blur), so shadows and gradients disappear; the
 * frame around the page becomes paper. Written over `bg` (full size, needed no more), so the
 * clean-up holds one full-size copy fewer.
 */
function flatten(grey: Buffer, bg: Buffer, frame: Buffer | null): Buffer {
  for (let i = 0; i < grey.length; i++) {
    if (frame && frame[i] > 127) {
      bg[i] = 255;
      continue;
    }
    const b = Math.max(bg[i], 1);
    bg[i] = Math.min(255, Math.round((grey[i] / b) * 255));
  }
  return bg;
}

async function blurred(grey: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .greyscale()
    .raw()
    .toBuffer();
}

async function upscale(
  small: Buffer,
  pw: number,
  ph: number,
  width: number,
  height: number,
): Promise<Buffer> {
  return sharp(small, { raw: { width: pw, height: ph, channels: 1 } })
    .resize(width, height)
    .greyscale()
    .raw()
    .toBuffer();
}

interface Probe {
  pw: number;
  ph: number;
  frame: Uint8Array;
  /** Share of the image that is frame (the surroundings of the page). */
  framed: number;
  /** The small copy with its frame painted paper. */
  filled: Buffer;
  /** Its background: the paper's light, text blurred away. */
  bg: Buffer;
}

/** The page measured on a small copy (fast): frame, paper and the light across it. */
async function probe(grey: Buffer, width: number, height: number): Promise<Probe> {
  const scale = Math.min(1, PROBE_WIDTH / width);
  const pw = Math.max(1, Math.round(width * scale));
  const ph = Math.max(1, Math.round(height * scale));
  const small = await sharp(grey, { raw: { width, height, channels: 1 } })
    .resize(pw, ph)
    .greyscale() // one channel in, one out: sharp would otherwise write sRGB
    .raw()
    .toBuffer();
  const paper = paperLevel(small);
  const frame = frameMask(small, pw, ph, paper);
  let framed = 0;
  // The frame is painted paper before the background is measured, so the page's edge does not
  // look like a shadow.
  const filled = Buffer.from(small);
  for (let i = 0; i < filled.length; i++)
    if (frame[i]) {
      filled[i] = paper;
      framed++;
    }
  const bg = await blurred(filled, pw, ph, 12);
  return { pw, ph, frame, framed: framed / filled.length, filled, bg };
}

/**
 * How a photo is lit: the share of it that is frame, and the spread of the page's light (10th
 * percentile of the background over its 98th; 1 is even). Decision 049: a page that fills the
 * photo and is unevenly lit (a shadow across a cropped page) is read cleaned up first.
 */
export async function lighting(
  grey: Buffer,
  width: number,
  height: number,
): Promise<{ framed: number; spread: number }> {
  const p = await probe(grey, width, height);
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < p.bg.length; i++)
    if (!p.frame[i]) {
      hist[p.bg[i]]++;
      n++;
    }
  return {
    framed: p.framed,
    spread: n ? percentile(hist, n, 0.1) / Math.max(1, percentile(hist, n, 0.98)) : 1,
  };
}

/**
 * A greyscale raw image levelled, its frame whitened and evenly lit. Measured on a
 * small copy (fast) and scaled up; text strokes are thin, so a wide blur of the page is its paper.
 */
export async function fixPhoto(
  grey: Buffer,
  width: number,
  height: number,
): Promise<{ data: Buffer; width: number; height: number; angle: number }> {
  const { pw, ph, frame: smallFrame, framed, filled, bg: smallBg } = await probe(grey, width, height);
  const angle = textAngle(filled, smallBg, pw, ph);
  const frame = framed
    ? await upscale(Buffer.from(smallFrame.map((v) => v * 255)), pw, ph, width, height)
    : null;
  const page = flatten(grey, await upscale(smallBg, pw, ph, width, height), frame);
  if (Math.abs(angle) < MIN_SKEW_DEG) return { data: page, width, height, angle: 0 };
  const { data, info } = await sharp(page, { raw: { width, height, channels: 1 } })
    .rotate(-angle, { background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, angle };
}
