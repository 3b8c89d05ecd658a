/**
 * Decides what a file really is from its bytes, never from its name: an upload called
 * report.pdf that is a JPEG is analysed as a JPEG, and one that is random bytes is refused.
 */
export type FileKind = 'pdf' | 'png' | 'jpg' | 'txt';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Buffer, magic: number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((b, i) => bytes[offset + i] === b);
}

/** Where '%PDF-' starts; the PDF spec lets junk precede it within the first 1024 bytes. */
export function pdfHeaderOffset(bytes: Buffer): number {
  const head = bytes.subarray(0, 1024).toString('latin1');
  return head.indexOf('%PDF-');
}

export function detectFileKind(bytes: Buffer): FileKind | null {
  if (!bytes || bytes.length === 0) return null;
  if (pdfHeaderOffset(bytes) >= 0) return 'pdf';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  return decodeText(bytes) === null ? null : 'txt';
}

/** Share of characters that are control characters other than tab, CR, LF and form feed. */
function controlShare(text: string): number {
  if (text.length === 0) return 0;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f || c === 0xfffd)
      bad++;
    else if (c >= 0x80 && c < 0xa0) bad++; // C1 controls: what binary looks like through Latin-1
  }
  return bad / text.length;
}

/**
 * Decodes a text file in UTF-8, UTF-16 (with BOM, or BOM-less when every other byte is zero)
 * or Latin-1; null when the bytes are not text (too many control characters, NULs in 8-bit text).
 */
export function decodeText(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  let text: string | null = null;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) text = bytes.subarray(3).toString('utf8');
  else if (startsWith(bytes, [0xff, 0xfe])) text = bytes.subarray(2).toString('utf16le');
  else if (startsWith(bytes, [0xfe, 0xff])) text = swap16(bytes.subarray(2)).toString('utf16le');
  else {
    const sample = bytes.subarray(0, 4096);
    let zeroEven = 0;
    let zeroOdd = 0;
    for (let i = 0; i < sample.length; i++) {
      if (sample[i] !== 0) continue;
      if (i % 2 === 0) zeroEven++;
      else zeroOdd++;
    }
    const half = sample.length / 2;
    if (half > 8 && zeroOdd > half * 0.9 && zeroEven < half * 0.1) text = bytes.toString('utf16le');
    else if (half > 8 && zeroEven > half * 0.9 && zeroOdd < half * 0.1)
      text = swap16(bytes).toString('utf16le');
    else if (sample.includes(0)) return null;
    else {
      const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      // Invalid UTF-8 shows up as U+FFFD; then the file is most likely Latin-1 (or binary).
      text = utf8.includes('\ufffd') ? bytes.toString('latin1') : utf8;
    }
  }
  if (text === null) return null;
  if (text.trim().length === 0) return text;
  return controlShare(text) > 0.02 ? null : text;
}

function swap16(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  copy.swap16();
  return copy;
}
