import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile and odd inputs built in memory for the bad-input tests: a minimal PDF with many
 * pages, a PDF whose text layer draws given lines, one that needs a password, noise images.
 */
function assemble(objects: Array<string | Buffer>, trailerExtra = ''): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${Buffer.isBuffer(o) ? o.toString('latin1') : o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF of `pages` blank pages. */
export function blankPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  return assemble(objects);
}

/** A one-page PDF with a text layer: each line drawn in Courier at its own baseline. */
export function textPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const body = lines.map((l, i) => `BT /F1 9 Tf 30 ${760 - i * 12} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  return assemble(objects);
}

/** A scanned-style PDF: one page that is only a JPEG image, no text layer. */
export async function imagePdf(image: Buffer): Promise<Buffer> {
  const jpeg = await sharp(image).greyscale().jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
  const { width, height } = jpeg.info;
  const pageW = 595;
  const pageH = Math.round((595 * height) / width);
  const content = `q ${pageW} 0 0 ${pageH} 0 0 cm /Im1 Do Q`;
  const stream = Buffer.concat([
    Buffer.from(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.data.length} >>\nstream\n`,
      'latin1',
    ),
    jpeg.data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
    stream,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/** A PDF with a standard security handler whose user password is not empty. */
export function encryptedPdf(): Buffer {
  const hex = (n: number) => randomBytes(n).toString('hex');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>`,
  ];
  return assemble(objects, `/Encrypt 4 0 R /ID [<${hex(16)}> <${hex(16)}>] `);
}

/** Random RGB noise, as PNG, about `megabytes` in size. */
export async function noisePng(megabytes = 10): Promise<Buffer> {
  const side = Math.round(Math.sqrt((megabytes * 1024 * 1024) / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A pathological PDF: `pages` pages whose shared content stream is small on disk (Flate) but
 * inflates to `megabytes` of text operators each, so reading its text layer costs pdf.js
 * minutes of parsing (a "zip bomb" that stays under every size limit).
 */
export function inflatingPdf(pages: number, megabytes: number, drawing: 'text' | 'lines' = 'text'): Buffer {
  // Text operators (millions of text items), or line drawing (slow to parse, no text at all).
  const op =
    drawing === 'text' ? 'BT /F1 9 Tf 30 700 Td (Haemoglobin 13.5) Tj ET\n' : '30 700 m 300 700 l S\n';
  const body = deflateSync(
    Buffer.from(op.repeat(Math.ceil((megabytes * 1024 * 1024) / op.length)), 'latin1'),
  );
  const kids = Array.from({ length: pages }, (_, i) => `${5 + i} 0 R`).join(' ');
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${body.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      body,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ];
  for (let i = 0; i < pages; i++)
    objects.push(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
    );
  return assemble(objects);
}
