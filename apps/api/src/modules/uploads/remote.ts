/**
 * `url` uploads: the API downloads a public http(s) file itself. Addresses inside private,
 * loopback, link-local and carrier networks are refused (no reaching the API's own network
 * through it), redirects are not followed, and the size limit and a timeout apply as for a file.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { unprocessable } from '#src/http/http-error.ts';
import type { ReceivedFile, UploadStore } from './storage.ts';
import { tooLarge } from './storage.ts';
import { cleanFileName } from './multipart.ts';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

const refuse = (message: string) => unprocessable(message, { url: [message] });

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const TIMEOUT_MS = 20_000;

export async function downloadToStore(
  store: UploadStore,
  link: string,
  limitBytes: number,
): Promise<ReceivedFile & { name: string }> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw refuse('Not a valid link');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('Only http and https links can be uploaded');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true }).catch(() => {
        throw refuse('The link’s host could not be found');
      });
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivate(address))) {
    throw refuse('Links to private or local addresses cannot be uploaded');
  }
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw refuse('The file could not be downloaded from the link');
  }
  if (response.status >= 300 && response.status < 400) {
    throw refuse('The link redirects elsewhere: give the direct address of the file');
  }
  if (!response.ok || !response.body) {
    throw refuse(`The link answered ${response.status}: the file could not be downloaded`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body.cancel();
    throw tooLarge(limitBytes);
  }
  const received = await store.receive(
    Readable.fromWeb(response.body as WebReadableStream),
    limitBytes,
  );
  const name = cleanFileName(safeDecode(url.pathname.split('/').pop() ?? ''), 'download');
  return { ...received, name };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
