import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
// The generator warps with the engine's own map: one solver for the page's projective geometry.
import { homography } from '../extract/photo-fix';

/**
 * Renders generated report lines as a text-layer PDF (several pages when long) or as an image,
 * optionally with the effects of a phone photo: slight rotation, uneven lighting, blur, sensor
 * noise and JPEG compression. Cells keep their columns: each run of text is drawn at the x its
 * character offset gives, in a proportional font, as a lab's letterhead software does.
 */
function assemble(objects: string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Characters PDF's standard encoding cannot show are written the way a lab's plain export would. */
function latin(s: string): string {
  return s
    .replace(/µ/g, 'u')
    .replace(/↑/g, 'H')
    .replace(/↓/g, 'L')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** A text-layer PDF, about 60 lines a page, each cell drawn at its column in Helvetica. */
export function linesToPdf(lines: string[]): Buffer {
  // 60 lines a page, not separating a row from its indented continuation lines unless the page
  // is full (62 lines: a line past that would be drawn below the page's edge, out of its text).
  const pages: string[][] = [[]];
  for (const line of lines) {
    const page = pages[pages.length - 1];
    if ((page.length >= 60 && !/^\s+\S/.test(line)) || page.length >= 62) pages.push([line]);
    else page.push(line);
  }
  const n = pages.length;
  // A table wider than a portrait page is printed on a wider one (landscape, as labs print wide
  // tables), so no cell is drawn past the page's edge, out of its text layer.
  const longest = Math.max(0, ...lines.map((l) => l.trimEnd().length));
  const width = Math.max(612, Math.ceil(24 + longest * 4.3 + 24));
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${n} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pages.forEach((page, p) => {
    const body = page
      .flatMap((line, i) =>
        [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => {
          const x = 24 + (m.index ?? 0) * 4.3;
          const text = latin(m[0]).replace(/[\\()]/g, (c) => `\\${c}`);
          return `BT /F1 7.5 Tf ${x.toFixed(1)} ${770 - i * 12.5} Td (${text}) Tj ET`;
        }),
      )
      .join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + p * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`);
  });
  return assemble(objects);
}

/**
 * 'photo': shadow, tilt, blur, noise, JPEG. 'photo keystone': the same, taken at a slant, so the
 * page is a trapezoid (its top narrower than its bottom, its right edge shorter than its left),
 * lying on a dark table.
 */
export type PhotoEffect = 'clean' | 'photo' | 'photo keystone';

/** The table a keystoned page lies on. */
const TABLE = 70;

/**
 * An RGB(A) raw image seen at a slant: each output pixel samples (bilinear) the source point the
 * inverse map gives; outside the page, the dark grey of the table under it (a page photographed
 * on a light surface is read level but not rectified: the clean-up finds no frame around it).
 */
function keystone(data: Buffer, width: number, height: number, channels: number): Buffer {
  const w = width - 1;
  const h = height - 1;
  // Where the page's corners land: top edge 5 % narrower on each side, right edge 3 % shorter.
  const corners: Array<[number, number]> = [
    [w * 0.05, 0],
    [w * 0.95, h * 0.03],
    [w, h * 0.97],
    [0, h],
  ];
  const page: Array<[number, number]> = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const m = homography(corners, page); // output pixel -> source pixel
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = m[6] * x + m[7] * y + m[8];
      const sx = (m[0] * x + m[1] * y + m[2]) / d;
      const sy = (m[3] * x + m[4] * y + m[5]) / d;
      const o = (y * width + x) * channels;
      if (sx < 0 || sy < 0 || sx > w || sy > h) {
        for (let c = 0; c < channels; c++) out[o + c] = c === 3 ? 255 : TABLE;
        continue;
      }
      const x0 = Math.min(Math.floor(sx), w - 1);
      const y0 = Math.min(Math.floor(sy), h - 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * width + x0) * channels;
      const i10 = i00 + channels;
      const i01 = i00 + width * channels;
      const i11 = i01 + channels;
      for (let c = 0; c < channels; c++) {
        const top = data[i00 + c] * (1 - fx) + data[i10 + c] * fx;
        const bottom = data[i01 + c] * (1 - fx) + data[i11 + c] * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}

/**
 * What real phone pictures of Indian reports add to a photo (eval/phone-photos.ts):
 *  - 'whatsapp': the photo (or a screenshot) sent over WhatsApp, which shrinks and recompresses it
 *    (JPEG ~40);
 *  - 'curl': the page bulges (a curled sheet held in the hand), with a shadow along one edge;
 *  - 'low-res': a screenshot of a report viewer at half size (small, soft text, PNG);
 *  - 'stamp and pen': a lab's round rubber stamp and a doctor's pen strokes over the table.
 */
export type Degradation = 'whatsapp' | 'curl' | 'low-res' | 'stamp and pen';

export interface ImageOptions {
  /** Runs of text drawn in red, as labs print abnormal results: (line index, start column). */
  red?: (line: number, column: number) => boolean;
  degrade?: Degradation;
  /**
   * Another photograph of the same page: the sensor noise, the tilt, the curl's depth and crest and
   * where the stamp and pen land all follow it. 0 (the default) is the corpus' own photos.
   */
  seed?: number;
}

/** A repeatable pseudo-random stream (a linear congruential generator), values in [0, 1). */
function randomStream(seed: number): () => number {
  let s = seed & 0x7fffffff;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s >> 8) / 0x800000;
  };
}

/** How this photograph varies from the corpus' own (seed 0: exactly those). */
interface Variation {
  noiseSeed: number;
  tilt: number;
  curlDepth: number;
  curlCrest: number;
  stampX: number;
  stampY: number;
  penY: number;
}

function variation(seed = 0): Variation {
  if (!seed)
    return {
      noiseSeed: 20250611,
      tilt: 1.3,
      curlDepth: 1,
      curlCrest: 0.5,
      stampX: 0.72,
      stampY: 0.5,
      penY: 0.35,
    };
  const r = randomStream(seed);
  return {
    noiseSeed: 1 + Math.floor(r() * 0x7ffffffe),
    tilt: (r() < 0.5 ? -1 : 1) * (0.6 + r() * 1.6),
    curlDepth: 0.7 + r() * 0.8,
    curlCrest: 0.3 + r() * 0.4,
    stampX: 0.55 + r() * 0.3,
    stampY: 0.3 + r() * 0.45,
    penY: 0.25 + r() * 0.25,
  };
}

/** A page curled in the hand: each column of pixels shifted down by a bulge, darker at one edge. */
function curl(data: Buffer, width: number, height: number, channels: number, v: Variation): Buffer {
  const out = Buffer.alloc(data.length);
  const amplitude = Math.max(6, height * 0.012) * v.curlDepth;
  const crest = width * v.curlCrest;
  for (let x = 0; x < width; x++) {
    // One bulge from edge to edge, highest at the crest (the middle on the corpus' own photos).
    const t = x < crest ? x / crest / 2 : 0.5 + (x - crest) / (width - crest) / 2;
    const shift = amplitude * Math.sin(Math.PI * t);
    // The gutter side of a held page is in shadow.
    const shade = 0.62 + 0.38 * Math.min(1, x / (width * 0.25));
    for (let y = 0; y < height; y++) {
      const sy = Math.min(height - 1, Math.max(0, Math.round(y - shift)));
      const o = (y * width + x) * channels;
      const i = (sy * width + x) * channels;
      for (let c = 0; c < channels; c++) out[o + c] = c === 3 ? data[i + c] : Math.round(data[i + c] * shade);
    }
  }
  return out;
}

/** A round blue rubber stamp over the right of the table, and pen strokes across a few rows. */
function stampAndPen(width: number, height: number, v: Variation): Buffer {
  const cx = Math.round(width * v.stampX);
  const cy = Math.round(height * v.stampY);
  const r = Math.round(Math.min(width, height) * 0.13);
  const y1 = Math.round(height * v.penY);
  const y2 = Math.round(height * (v.penY + 0.27));
  return Buffer.from(
    `<svg width="${width}" height="${height}">
      <g opacity="0.5" fill="none" stroke="#1f3fbf">
        <circle cx="${cx}" cy="${cy}" r="${r}" stroke-width="5"/>
        <circle cx="${cx}" cy="${cy}" r="${r - 14}" stroke-width="2"/>
      </g>
      <text x="${cx}" y="${cy + 8}" font-family="Liberation Sans" font-size="${Math.round(r / 3.2)}" fill="#1f3fbf" opacity="0.5" text-anchor="middle" transform="rotate(-18 ${cx} ${cy})">VERIFIED</text>
      <path d="M ${Math.round(width * 0.08)} ${y1} C ${Math.round(width * 0.3)} ${y1 - 30}, ${Math.round(width * 0.45)} ${y2 + 20}, ${Math.round(width * 0.6)} ${y2}" stroke="#102a9a" stroke-width="3" fill="none" opacity="0.75"/>
      <path d="M ${Math.round(width * 0.05)} ${y2 + 40} l 14 16 l 30 -40" stroke="#102a9a" stroke-width="3" fill="none" opacity="0.8"/>
    </svg>`,
  );
}

/** One page of lines as a PNG (clean) or a JPEG with photo effects. */
export async function linesToImage(
  lines: string[],
  effect: PhotoEffect,
  options: ImageOptions = {},
): Promise<Buffer> {
  const v = variation(options.seed);
  const charW = 11;
  const lineH = 30;
  const width = Math.min(2000, 60 + Math.max(...lines.map((l) => l.length)) * charW);
  const height = 60 + lines.length * lineH;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.font = '19px "Liberation Sans"';
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
      g.fillStyle = options.red?.(i, m.index ?? 0) ? '#d21c1c' : '#111111';
      g.fillText(m[0], 30 + (m.index ?? 0) * charW, 40 + i * lineH);
    }
  });
  let png: Buffer = Buffer.from(await canvas.encode('png'));
  if (options.degrade === 'stamp and pen') {
    png = await sharp(png)
      .composite([{ input: stampAndPen(width, height, v) }])
      .png()
      .toBuffer();
  }
  if (options.degrade === 'curl') {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    png = await sharp(curl(data, info.width, info.height, info.channels, v), {
      raw: { width: info.width, height: info.height, channels: info.channels },
    })
      .png()
      .toBuffer();
  }
  if (effect === 'clean') {
    // A screenshot forwarded over WhatsApp: shrunk to 1600 px and recompressed as a JPEG.
    if (options.degrade === 'whatsapp')
      return sharp(png)
        .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 38 })
        .toBuffer();
    if (options.degrade !== 'low-res') return png;
    // A report viewer's screenshot at half the size: soft, small text.
    return sharp(png)
      .resize({ width: Math.round(width * 0.5) })
      .png()
      .toBuffer();
  }
  // Uneven light: a soft shadow from one corner; then a small tilt, blur, noise and JPEG.
  const shadow = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#a0a0a0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  let lit = await sharp(png)
    .composite([{ input: shadow, blend: 'multiply' }])
    .rotate(v.tilt, { background: '#c8c8c8' })
    .blur(0.7)
    .toBuffer();
  if (effect === 'photo keystone') {
    const { data, info } = await sharp(lit).raw().toBuffer({ resolveWithObject: true });
    const { width: w, height: h, channels } = info;
    lit = await sharp(keystone(data, w, h, channels), { raw: { width: w, height: h, channels } })
      .png()
      .toBuffer();
  }
  const meta = await sharp(lit).metadata();
  const w = meta.width ?? width;
  const h = meta.height ?? height;
  const noise = Buffer.alloc(w * h);
  let seed = v.noiseSeed;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 128 + ((seed >> 16) % 24) - 12;
  }
  const noisy = await sharp(lit)
    .composite([
      {
        input: await sharp(noise, { raw: { width: w, height: h, channels: 1 } })
          .png()
          .toBuffer(),
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 62 })
    .toBuffer();
  if (options.degrade !== 'whatsapp') return noisy;
  // WhatsApp shrinks a photo's long side to 1600 px at most and recompresses it hard.
  return sharp(noisy)
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 38 })
    .toBuffer();
}
