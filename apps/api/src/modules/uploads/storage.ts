/**
 * Uploaded bytes on disk, content-addressed: `{root}/objects/ab/<sha256>`. A file arrives in
 * `{root}/tmp/` under a random name while it is hashed and counted, and is renamed into place
 * once it passed validation, so a half-written or refused upload never becomes visible. The
 * client's file name never reaches the file system.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { HttpError } from '#src/http/http-error.ts';

/** This module runs from `src/modules/uploads/` (tsx, tests) or bundled into `dist/main.js`. */
const API_ROOT = new URL(import.meta.url.includes('/dist/') ? '../' : '../../../', import.meta.url);

/** The default folder: `apps/api/.data/uploads` (ignored by git through `.data/`). */
export const DEFAULT_UPLOADS_DIR = fileURLToPath(new URL('.data/uploads', API_ROOT));

export interface ReceivedFile {
  /** The temporary file; `commit` moves it into place, `discard` removes it. */
  tempPath: string;
  size: number;
  sha256: string;
}

export const tooLarge = (limitBytes: number) =>
  new HttpError(413, `The file is larger than ${formatBytes(limitBytes)}`);

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

export class UploadStore {
  constructor(readonly root: string) {}

  /** Where the bytes with this hash live. */
  objectPath(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return path.join(this.root, 'objects', sha256.slice(0, 2), sha256);
  }

  /**
   * Writes `source` to a temporary file, hashing it on the way; answers 413 (and removes the
   * partial file) past `limitBytes`. `truncated` tells whether the multipart parser cut the
   * stream at its own limit, which also means too large.
   */
  async receive(
    source: Readable,
    limitBytes: number,
    truncated: () => boolean = () => false,
  ): Promise<ReceivedFile> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tempPath = path.join(tmpDir, randomBytes(16).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limitBytes) {
          callback(tooLarge(limitBytes));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tempPath, { flags: 'wx' }));
      if (truncated()) throw tooLarge(limitBytes);
    } catch (error) {
      await rm(tempPath, { force: true });
      // Drain what is left of a refused stream, so the request can still be answered.
      source.resume();
      throw error;
    }
    return { tempPath, size, sha256: hash.digest('hex') };
  }

  /** Moves a received file into its content address (an existing copy is kept). */
  async commit(file: ReceivedFile): Promise<void> {
    const target = this.objectPath(file.sha256);
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (exists) {
      await rm(file.tempPath, { force: true });
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.tempPath, target);
  }

  async discard(file: ReceivedFile): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /** Removes the bytes of a hash no upload row refers to any more. */
  async remove(sha256: string): Promise<void> {
    await rm(this.objectPath(sha256), { force: true });
  }
}
