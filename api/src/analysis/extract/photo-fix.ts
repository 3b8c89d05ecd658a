import sharp from 'sharp';

/**
 * Phone-photo clean-up before OCR (decision 048; OFF unless OCR_PHOTO_FIX=1, see there why): uneven light (a shadow across the page) is
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

/** Each pixel divided by its background (a wide blur), so shadows and gradients disappear. */
function flatten(grey: Buffer, bg: Buffer): Buffer {
  const out = Buffer.alloc(grey.length);
  for (let i = 0; i < grey.length; i++) {
    const b = Math.max(bg[i], 1);
    out[i] = Math.min(255, Math.round((grey[i] / b) * 255));
  }
  return out;
}

async function blurred(grey: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .greyscale()
    .raw()
    .toBuffer();
}

/**
 * A greyscale raw image levelled and evenly lit. The background is estimated on a small copy
 * (fast) and scaled up; text strokes are thin, so a wide blur of the page is its paper.
 */
export async function fixPhoto(
  grey: Buffer,
  width: number,
  height: number,
): Promise<{ data: Buffer; width: number; height: number; angle: number }> {
  const scale = Math.min(1, PROBE_WIDTH / width);
  const pw = Math.max(1, Math.round(width * scale));
  const ph = Math.max(1, Math.round(height * scale));
  const small = await sharp(grey, { raw: { width, height, channels: 1 } })
    .resize(pw, ph)
    .greyscale() // one channel in, one out: sharp would otherwise write sRGB
    .raw()
    .toBuffer();
  const smallBg = await blurred(small, pw, ph, 12);
  const angle = textAngle(small, smallBg, pw, ph);
  const bg = await sharp(smallBg, { raw: { width: pw, height: ph, channels: 1 } })
    .resize(width, height)
    .greyscale()
    .raw()
    .toBuffer();
  const flat = flatten(grey, bg);
  if (Math.abs(angle) < MIN_SKEW_DEG) return { data: flat, width, height, angle: 0 };
  const { data, info } = await sharp(flat, { raw: { width, height, channels: 1 } })
    .rotate(-angle, { background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, angle };
}
