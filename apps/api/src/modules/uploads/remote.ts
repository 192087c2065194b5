/**
 * `url` uploads: the API downloads a public http(s) file itself. Addresses inside private,
 * loopback, link-local and carrier networks are refused (no reaching the API's own network
 * through it), redirects are not followed, and the size limit and a timeout apply as for a file.
 *
 * The host's name is resolved once and the connection goes only to the addresses that passed
 * the check (`pinnedLookup`): a name answering a public address to the check and a private one
 * to the connection (DNS rebinding) cannot reach the API's network. The far end's answer is
 * never repeated to the caller: any failure there reads the same.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import type { ReceivedFile, UploadStore } from './storage.ts';
import { tooLarge } from './storage.ts';
import { cleanFileName } from './multipart.ts';
import { isPrivate } from './private-addresses.ts';

const refuse = (message: string) => unprocessable(message, { url: [message] });
/** Every failure of the far end (no connection, any non-2xx status, a broken body) reads so. */
const NOT_DOWNLOADED = 'The file could not be downloaded from the link';

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
  const addresses = await checkedAddresses(url.hostname.replace(/^\[|\]$/g, ''));
  // One timeout for connecting and the whole body, as for a file sent by the client.
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let response: IncomingMessage;
  try {
    response = await get(url, addresses, signal);
  } catch {
    throw refuse(NOT_DOWNLOADED);
  }
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.destroy();
    throw refuse(
      status >= 300 && status < 400
        ? 'The link redirects elsewhere: give the direct address of the file'
        : NOT_DOWNLOADED,
    );
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    response.destroy();
    throw tooLarge(limitBytes);
  }
  let received: ReceivedFile;
  try {
    received = await store.receive(response, limitBytes);
  } catch (error) {
    response.destroy();
    // 413 stays; a connection cut or timed out mid-body is the far end's failure, not a 500.
    if (error instanceof HttpError) throw error;
    throw refuse(NOT_DOWNLOADED);
  }
  const name = cleanFileName(safeDecode(url.pathname.split('/').pop() ?? ''), 'download');
  return { ...received, name };
}

/** The host's addresses, resolved once; refused when any of them is private. */
async function checkedAddresses(host: string): Promise<LookupAddress[]> {
  const family = isIP(host);
  const addresses: LookupAddress[] = family
    ? [{ address: host, family }]
    : await lookup(host, { all: true }).catch(() => {
        throw refuse('The link’s host could not be found');
      });
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivate(address))) {
    throw refuse('Links to private or local addresses cannot be uploaded');
  }
  return addresses;
}

/**
 * A socket `lookup` answering only the checked addresses instead of asking DNS again. The URL
 * keeps the name, so the Host header and the TLS server name (SNI, certificate) are the name's.
 */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family;
    const wanted =
      family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
    const usable = wanted ? addresses.filter(({ family }) => family === wanted) : addresses;
    const [first] = usable;
    if (!first) {
      callback(Object.assign(new Error('No checked address'), { code: 'ENOTFOUND' }), '');
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/** A GET on its own connection (no pooled socket another lookup opened), redirects not followed. */
function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
        // No Accept-Encoding: the body arrives as stored, and the size limit counts its bytes.
        headers: { accept: '*/*', 'user-agent': 'Gallop' },
      },
      resolve,
    );
    request.on('error', reject);
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
