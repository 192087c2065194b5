/**
 * `url` uploads reach only the addresses they checked (DNS rebinding, redirects) and never tell
 * what the far end answered. The sandbox has no public web server, so 127.0.0.2 stands in for a
 * public one (the private check is relaxed for that address alone) and 127.0.0.1, on the same
 * port, is the API host's "internal" service that must never be reached.
 */
import { createHash } from 'node:crypto';
import type * as dnsPromises from 'node:dns/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '#src/http/http-error.ts';
import { downloadToStore } from './remote.ts';
import type * as privateAddresses from './private-addresses.ts';
import { UploadStore } from './storage.ts';

const PUBLIC = '127.0.0.2';

// A rebinding name: the check's lookup (node:dns/promises) answers the public address, while any
// later resolution of `localhost` (the system's own) answers 127.0.0.1, the internal address.
vi.mock('node:dns/promises', async (original) => {
  const real = await original<typeof dnsPromises>();
  const lookup = async (host: string, options?: unknown) =>
    host === 'localhost'
      ? [{ address: PUBLIC, family: 4 }]
      : (real.lookup as (h: string, o?: unknown) => Promise<unknown>)(host, options);
  return { ...real, lookup, default: { ...real, lookup } };
});
vi.mock('./private-addresses.ts', async (original) => {
  const real = await original<typeof privateAddresses>();
  return { isPrivate: (address: string) => address !== PUBLIC && real.isPrivate(address) };
});

const publicPicture = Buffer.from('public picture bytes');
const secretPicture = Buffer.from('internal secret bytes');
const internalHits: string[] = [];
let publicServer: Server;
let internalServer: Server;
let port: number;
let store: UploadStore;

const listen = (server: Server, host: string, at = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, host, () => resolve((server.address() as AddressInfo).port));
  });

beforeAll(async () => {
  store = new UploadStore(await mkdtemp(path.join(tmpdir(), 'gallop-remote-')));
  publicServer = createServer((req, res) => {
    if (req.url === '/picture.png') res.writeHead(200, { 'content-type': 'image/png' });
    else if (req.url === '/moved')
      res.writeHead(302, { location: `http://127.0.0.1:${port}/x.png` });
    else if (req.url === '/broken') res.writeHead(500);
    else res.writeHead(404);
    res.end(req.url === '/picture.png' ? publicPicture : 'nope');
  });
  internalServer = createServer((req, res) => {
    internalHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(secretPicture);
  });
  port = await listen(publicServer, PUBLIC);
  await listen(internalServer, '127.0.0.1', port);
});
afterAll(async () => {
  publicServer?.close();
  internalServer?.close();
  await rm(store.root, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The refusal `downloadToStore` throws for a link. */
async function refusal(link: string): Promise<HttpError> {
  const error = await downloadToStore(store, link, 1024 * 1024).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('a link upload connects only to the addresses it checked', () => {
  it('downloads from the checked address when the name answers another one later', async () => {
    const received = await downloadToStore(
      store,
      `http://localhost:${port}/picture.png`,
      1024 * 1024,
    );
    expect(received.sha256).toBe(sha256(publicPicture));
    expect(received.name).toBe('picture.png');
    await store.discard(received);
    expect(internalHits).toEqual([]);
  });

  it('refuses a redirect, also one to a private address, without following it', async () => {
    for (const link of [`http://${PUBLIC}:${port}/moved`, `http://localhost:${port}/moved`]) {
      const error = await refusal(link);
      expect(error.statusCode).toBe(422);
      expect(error.message).toBe(
        'The link redirects elsewhere: give the direct address of the file',
      );
    }
    expect(internalHits).toEqual([]);
  });
});

describe('a link upload does not tell what the far end answered', () => {
  it('answers one message for any status and for no answer at all', async () => {
    const closed = createServer();
    const closedPort = await listen(closed, PUBLIC);
    await new Promise((resolve) => closed.close(resolve));
    const links = [
      `http://${PUBLIC}:${port}/missing`,
      `http://${PUBLIC}:${port}/broken`,
      `http://localhost:${port}/missing`,
      `http://${PUBLIC}:${closedPort}/picture.png`,
    ];
    for (const link of links) {
      const error = await refusal(link);
      expect(error.statusCode, link).toBe(422);
      expect(error.message, link).toBe('The file could not be downloaded from the link');
      expect(error.errors, link).toEqual({
        url: ['The file could not be downloaded from the link'],
      });
    }
    expect(internalHits).toEqual([]);
  });
});
