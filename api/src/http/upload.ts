import { createHash, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { UPLOAD_MESSAGES, UPLOAD_RULES, type FileKind } from '@reportsaathi/contracts';
import { detectFileKind } from '@reportsaathi/analysis';
import type { Storage } from '../storage/storage';
import type { DB } from '@reportsaathi/db';
import { getIntSetting, getJsonSetting } from '../platform/settings/settings.service';
import { AppError } from '../kernel/errors';

/** A received, checked upload, moved into storage under `storageKey`. */
export interface StoredUpload {
  storageKey: string;
  originalFilename: string;
  fileKind: FileKind;
  mimeType: string;
  size: number;
  contentHash: string;
}

const MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  txt: 'text/plain',
};
const SNIFF_BYTES = 64 * 1024;
const EXT_KIND: Record<string, FileKind> = { pdf: 'pdf', png: 'png', jpg: 'jpg', jpeg: 'jpg', txt: 'txt' };

/**
 * Streams the one multipart field `file` to a temporary file (never into memory), then checks
 * it by the upload rules: one file, ≤ 10 MB, not empty, an allowed type — decided by the bytes,
 * which must also agree with the extension. Only then is it moved into storage.
 */
export async function receiveUpload(
  req: Request,
  res: Response,
  deps: { storage: Storage; db: DB },
): Promise<StoredUpload> {
  const { storage } = deps;
  const limits = await uploadLimits(deps.db);
  const upload = multer({
    storage: multer.diskStorage({
      destination: storage.tempDir,
      filename: (_req, _file, cb) => cb(null, `${Date.now()}-${randomBytes(8).toString('hex')}`),
    }),
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, parts: 12 },
    defParamCharset: 'utf8',
  }).single('file');

  await new Promise<void>((resolve, reject) => {
    upload(req, res, (err: unknown) => (err ? reject(mapMulterError(err, limits.maxBytes)) : resolve()));
  });
  const file = req.file;
  if (!file) throw new AppError(400, UPLOAD_MESSAGES.noFile);
  try {
    const originalFilename = cleanFilename(file.originalname);
    const ext = path.extname(originalFilename).slice(1).toLowerCase();
    const claimed = limits.extensions.includes(ext) ? EXT_KIND[ext] : undefined;
    if (!claimed) throw new AppError(415, limits.badTypeMessage);
    if (file.size < UPLOAD_RULES.minBytes) throw new AppError(400, UPLOAD_MESSAGES.tooSmall);
    const bytes = await readFile(file.path);
    // The kind from the head of the file: magic numbers, or text judged on its first 64 kB. Judging
    // all 10 MB on this thread held every other request; the extraction thread reads the whole
    // file anyway and refuses what is not text.
    const actual = detectFileKind(bytes.subarray(0, SNIFF_BYTES));
    if (actual !== claimed) throw new AppError(415, limits.badTypeMessage);
    const storageKey = randomBytes(18).toString('base64url');
    await storage.putFile(storageKey, file.path);
    return {
      storageKey,
      originalFilename,
      fileKind: actual,
      mimeType: MIME[actual],
      size: file.size,
      contentHash: createHash('sha256').update(bytes).digest('hex'),
    };
  } catch (err) {
    await rm(file.path, { force: true });
    throw err;
  }
}

/**
 * The largest size and the accepted extensions are system settings (max_upload_mb,
 * allowed_upload_extensions), read per upload so an admin's change applies to the next one;
 * the defaults are the product's 10 MB and pdf, png, jpg, jpeg, txt.
 */
async function uploadLimits(db: DB) {
  const mb = await getIntSetting(db, 'max_upload_mb');
  const listed = await getJsonSetting<unknown>(db, 'allowed_upload_extensions');
  const extensions = Array.isArray(listed)
    ? listed.filter((e): e is string => typeof e === 'string' && e in EXT_KIND)
    : [...UPLOAD_RULES.extensions];
  const mimes = [...new Set(extensions.map((e) => MIME[EXT_KIND[e]]))];
  const allDefault = mimes.length === Object.keys(MIME).length;
  return {
    maxBytes: mb * 1024 * 1024,
    extensions: extensions.length ? extensions : [...UPLOAD_RULES.extensions],
    badTypeMessage: allDefault ? UPLOAD_MESSAGES.badType : `File type must be one of ${mimes.join(', ')}`,
  };
}

function mapMulterError(err: unknown, maxBytes: number): unknown {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new AppError(413, `File is larger than ${maxBytes} bytes`);
    if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE')
      return new AppError(400, UPLOAD_MESSAGES.tooMany);
    return new AppError(400, `Invalid upload: ${err.message}`);
  }
  const message = err instanceof Error ? err.message : '';
  if (/Multipart|boundary|Unexpected end of form/i.test(message))
    return new AppError(400, 'Malformed multipart upload');
  return err;
}

/** The name as the user knows it, without any path and control characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'report';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(-200);
  return cleaned || 'report';
}
