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
  return grow(mask, width, height, frameGrowth(width));
}

/** How far the frame mask is widened past the dark surroundings, in pixels. */
const frameGrowth = (width: number) => Math.max(2, Math.round(width / 80));

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
 * percentile of the background over its 98th; 1 is even); and whether it shows the page at a
 * slant (keystoneCorners); and the angle of its text lines (0 when level enough). Decision 049: a
 * page that fills the photo and is unevenly lit (a shadow across a cropped page), or a page seen
 * at a slant, is read cleaned up first; any other tilted page is levelled by this angle.
 */
export async function lighting(
  grey: Buffer,
  width: number,
  height: number,
): Promise<{ framed: number; spread: number; keystoned: boolean; angle: number }> {
  const p = await probe(grey, width, height);
  const angle = textAngle(p.filled, p.bg, p.pw, p.ph);
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
    keystoned: p.framed > 0.01 && keystoneCorners(p.frame, p.pw, p.ph, frameGrowth(p.pw)) !== null,
    angle: Math.abs(angle) < MIN_SKEW_DEG ? 0 : angle,
  };
}

export type Point = [number, number];

/**
 * Least-squares line s = a·t + b through points (t, s), refitted once without the points more
 * than 2 px off the first fit (a page's torn corner, a finger); its RMS residual too.
 */
function fitLine(ts: number[], ss: number[]): { a: number; b: number; rms: number } | null {
  const fit = (keep: (k: number) => boolean) => {
    let n = 0;
    let st = 0;
    let ss2 = 0;
    let stt = 0;
    let sts = 0;
    for (let k = 0; k < ts.length; k++) {
      if (!keep(k)) continue;
      n++;
      st += ts[k];
      ss2 += ss[k];
      stt += ts[k] * ts[k];
      sts += ts[k] * ss[k];
    }
    const den = n * stt - st * st;
    if (n < 20 || den === 0) return null;
    const a = (n * sts - st * ss2) / den;
    return { a, b: (ss2 - a * st) / n };
  };
  const first = fit(() => true);
  if (!first) return null;
  const off = (k: number, l: { a: number; b: number }) => Math.abs(ss[k] - (l.a * ts[k] + l.b));
  const line = fit((k) => off(k, first) <= 2);
  if (!line) return null;
  let sq = 0;
  let n = 0;
  for (let k = 0; k < ts.length; k++) {
    const d = off(k, line);
    if (d <= 2) {
      sq += d * d;
      n++;
    }
  }
  // Most of the edge must be straight, not only a part of it.
  if (n < ts.length * 0.8) return null;
  return { ...line, rms: Math.sqrt(sq / n) };
}

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** Below this the page is taken as a rectangle: top vs bottom (or left vs right) edge lengths. */
const MIN_KEYSTONE = 0.02;

/**
 * The page's four corners (top left, top right, bottom right, bottom left) when a photo shows it
 * as a clear quadrilateral against a darker surface (the frame mask), seen at a slant (opposite
 * edges differ in length by more than MIN_KEYSTONE); null otherwise (a scan, a cropped page, a
 * page merely turned, a shape that is not a quadrilateral). Each edge is a line fitted to the
 * page's first pixels seen from that side of the image, over its middle 70 %; the corners are
 * where the lines meet.
 */
export function keystoneCorners(
  frame: Uint8Array,
  width: number,
  height: number,
  /** How far the mask was widened into the page (frameGrowth): the edges are moved back out. */
  grown = 0,
): Point[] | null {
  // Rough corners: the page's extreme points along the diagonals.
  let n = 0;
  const ext = [-Infinity, -Infinity, -Infinity, -Infinity]; // -(x+y), x-y, x+y, y-x: largest
  const rough: Point[] = [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (frame[y * width + x]) continue;
      n++;
      const s = x + y;
      const d = x - y;
      const score = [-s, d, s, -d];
      for (let k = 0; k < 4; k++)
        if (score[k] > ext[k]) {
          ext[k] = score[k];
          rough[k] = [x, y];
        }
    }
  if (n < width * height * 0.3) return null;
  const [tl, tr, br, bl] = rough;
  const span = (from: number, to: number) => {
    const lo = Math.round(Math.min(from, to) + Math.abs(to - from) * 0.15);
    const hi = Math.round(Math.max(from, to) - Math.abs(to - from) * 0.15);
    return [lo, hi];
  };
  const page = (x: number, y: number) => frame[y * width + x] === 0;
  const edge = (horizontal: boolean, fromEnd: boolean, [lo, hi]: number[]) => {
    const ts: number[] = [];
    const ss: number[] = [];
    const len = horizontal ? height : width;
    for (let t = lo; t <= hi; t++)
      for (let k = 0; k < len; k++) {
        const s = fromEnd ? len - 1 - k : k;
        if (horizontal ? page(t, s) : page(s, t)) {
          ts.push(t);
          ss.push(s);
          break;
        }
      }
    return fitLine(ts, ss);
  };
  const left = edge(false, false, span(tl[1], bl[1])); // x = a·y + b
  const right = edge(false, true, span(tr[1], br[1]));
  const top = edge(true, false, span(tl[0], tr[0])); // y = a·x + b
  const bottom = edge(true, true, span(bl[0], br[0]));
  if (!left || !right || !top || !bottom) return null;
  if (Math.max(left.rms, right.rms, top.rms, bottom.rms) > 1.5) return null;
  const meet = (v: { a: number; b: number }, h: { a: number; b: number }): Point => {
    const x = (v.a * h.b + v.b) / (1 - v.a * h.a);
    return [x, h.a * x + h.b];
  };
  const quad = [meet(left, top), meet(right, top), meet(right, bottom), meet(left, bottom)];
  const tol = Math.max(width, height) * 0.02;
  if (quad.some(([x, y]) => !(x > -tol && y > -tol && x < width - 1 + tol && y < height - 1 + tol)))
    return null;
  // The page region must be that quadrilateral (shoelace area against the count of page pixels).
  let area = 0;
  for (let k = 0; k < 4; k++) {
    const [x0, y0] = quad[k];
    const [x1, y1] = quad[(k + 1) % 4];
    area += x0 * y1 - x1 * y0;
  }
  area = Math.abs(area) / 2;
  if (Math.abs(area - n) > n * 0.03) return null;
  for (const [line, out] of [
    [left, -1],
    [top, -1],
    [right, 1],
    [bottom, 1],
  ] as const)
    line.b += out * grown * Math.sqrt(1 + line.a * line.a);
  const [qtl, qtr, qbr, qbl] = [meet(left, top), meet(right, top), meet(right, bottom), meet(left, bottom)];
  const differ = (p: number, q: number) => Math.abs(p - q) / Math.max(p, q);
  const keystoned =
    differ(dist(qtl, qtr), dist(qbl, qbr)) > MIN_KEYSTONE ||
    differ(dist(qtl, qbl), dist(qtr, qbr)) > MIN_KEYSTONE;
  return keystoned ? [qtl, qtr, qbr, qbl] : null;
}

/** The 3x3 projective map (row-major, last entry 1) taking the four points `from` onto `to`. */
export function homography(from: Point[], to: Point[]): number[] {
  // Eight equations in eight unknowns, Gaussian elimination with partial pivoting.
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

/**
 * The quadrilateral `quad` (top left, top right, bottom right, bottom left) of a greyscale raw
 * image warped to a rectW x rectH rectangle and turned by -angle degrees (levelling text that
 * falls to the right by `angle`, like sharp's rotate; the canvas grows to hold it, white around):
 * each output pixel inverse-mapped and sampled bilinearly, so the page is resampled once, not
 * twice; one output buffer, no other copy.
 */
export function warpToRect(
  src: Buffer,
  width: number,
  height: number,
  quad: Point[],
  rectW: number,
  rectH: number,
  angle = 0,
): { data: Buffer; width: number; height: number } {
  const m = homography(
    [
      [0, 0],
      [rectW - 1, 0],
      [rectW - 1, rectH - 1],
      [0, rectH - 1],
    ],
    quad,
  );
  const t = (angle * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const outW = angle ? Math.ceil(rectW * Math.abs(cos) + rectH * Math.abs(sin)) : rectW;
  const outH = angle ? Math.ceil(rectW * Math.abs(sin) + rectH * Math.abs(cos)) : rectH;
  const ocx = (outW - 1) / 2;
  const ocy = (outH - 1) / 2;
  const rcx = (rectW - 1) / 2;
  const rcy = (rectH - 1) / 2;
  const out = Buffer.alloc(outW * outH, 255);
  for (let v = 0; v < outH; v++) {
    for (let u = 0; u < outW; u++) {
      // Output pixel -> the rectangle (turned back by angle) -> the photo (the homography).
      const ru = (u - ocx) * cos - (v - ocy) * sin + rcx;
      const rv = (u - ocx) * sin + (v - ocy) * cos + rcy;
      if (ru < -0.5 || rv < -0.5 || ru > rectW - 0.5 || rv > rectH - 0.5) continue;
      const d = m[6] * ru + m[7] * rv + m[8];
      const sx = (m[0] * ru + m[1] * rv + m[2]) / d;
      const sy = (m[3] * ru + m[4] * rv + m[5]) / d;
      if (!(sx >= 0 && sy >= 0 && sx <= width - 1 && sy <= height - 1)) continue;
      const x0 = Math.min(Math.floor(sx), width - 2);
      const y0 = Math.min(Math.floor(sy), height - 2);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = src[i] * (1 - fx) + src[i + 1] * fx;
      const bottom = src[i + width] * (1 - fx) + src[i + width + 1] * fx;
      out[v * outW + u] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { data: out, width: outW, height: outH };
}

/** Where a pixel of a corrected image came from in the image it was made from. */
export type ToSource = (x: number, y: number) => Point;

/**
 * The point of an image `angle` degrees off level (text falling to the right) that a pixel of its
 * levelled copy shows: turned back about the centres, `outW` x `outH` being the levelled copy's size
 * and `srcW` x `srcH` the tilted one's (the same when the canvas did not grow). `then` maps on from
 * the tilted image (a page warped to a rectangle: the rectangle to the photo).
 */
export function levelledToSource(
  angle: number,
  outW: number,
  outH: number,
  srcW: number,
  srcH: number,
  then: ToSource = (x, y) => [x, y],
): ToSource {
  const t = (angle * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const ocx = (outW - 1) / 2;
  const ocy = (outH - 1) / 2;
  return (x, y) =>
    then(
      (x - ocx) * cos - (y - ocy) * sin + (srcW - 1) / 2,
      (x - ocx) * sin + (y - ocy) * cos + (srcH - 1) / 2,
    );
}

/**
 * A greyscale raw image levelled, its frame whitened and evenly lit. Measured on a
 * small copy (fast) and scaled up; text strokes are thin, so a wide blur of the page is its paper.
 */
export async function fixPhoto(
  grey: Buffer,
  width: number,
  height: number,
): Promise<{
  data: Buffer;
  width: number;
  height: number;
  angle: number;
  corners?: Point[];
  /** Each pixel of the result to the point of the given image it shows (the page's colour is read there). */
  toSource: ToSource;
}> {
  const { pw, ph, frame: smallFrame, framed, filled, bg: smallBg } = await probe(grey, width, height);
  const quad = framed > 0.01 ? keystoneCorners(smallFrame, pw, ph, frameGrowth(pw)) : null;
  let frame = framed
    ? await upscale(Buffer.from(smallFrame.map((v) => v * 255)), pw, ph, width, height)
    : null;
  const page = flatten(grey, await upscale(smallBg, pw, ph, width, height), frame);
  frame = null; // released before the warp's output buffer is made
  if (quad) {
    // Seen at a slant: the page's quadrilateral warped to a rectangle as long as its longer
    // edges (decision 049, perspective), the text's angle measured on the warped small copy, and
    // the page warped and levelled in one resampling.
    const kx = width / pw;
    const ky = height / ph;
    const corners = quad.map(([x, y]): Point => [(x + 0.5) * kx - 0.5, (y + 0.5) * ky - 0.5]);
    const [tl, tr, br, bl] = corners;
    const rectW = Math.round(Math.max(dist(tl, tr), dist(bl, br))) + 1;
    const rectH = Math.round(Math.max(dist(tl, bl), dist(tr, br))) + 1;
    const sw = Math.max(1, Math.round(rectW / kx));
    const sh = Math.max(1, Math.round(rectH / ky));
    const measured = textAngle(
      warpToRect(filled, pw, ph, quad, sw, sh).data,
      warpToRect(smallBg, pw, ph, quad, sw, sh).data,
      sw,
      sh,
    );
    const angle = Math.abs(measured) < MIN_SKEW_DEG ? 0 : measured;
    const warped = warpToRect(page, width, height, corners, rectW, rectH, angle);
    const m = homography(
      [
        [0, 0],
        [rectW - 1, 0],
        [rectW - 1, rectH - 1],
        [0, rectH - 1],
      ],
      corners,
    );
    const toPhoto: ToSource = (u, v) => {
      const d = m[6] * u + m[7] * v + m[8];
      return [(m[0] * u + m[1] * v + m[2]) / d, (m[3] * u + m[4] * v + m[5]) / d];
    };
    return {
      ...warped,
      angle,
      corners,
      toSource: levelledToSource(angle, warped.width, warped.height, rectW, rectH, toPhoto),
    };
  }
  const angle = textAngle(filled, smallBg, pw, ph);
  if (Math.abs(angle) < MIN_SKEW_DEG)
    return { data: page, width, height, angle: 0, toSource: (x, y) => [x, y] };
  const { data, info } = await sharp(page, { raw: { width, height, channels: 1 } })
    .rotate(-angle, { background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    angle,
    toSource: levelledToSource(angle, info.width, info.height, width, height),
  };
}
