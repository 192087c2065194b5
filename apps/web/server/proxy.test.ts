// @vitest-environment node
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { apiTarget, forwardToApi, forwardUpgrades, trustProxies, visitorAddress } from './proxy';

describe('apiTarget', () => {
  it('keeps the path and query, under any path prefix of API_URL', () => {
    expect(apiTarget('http://127.0.0.1:4000', 'http://web/spa/tour?slug=a-1').href).toBe(
      'http://127.0.0.1:4000/spa/tour?slug=a-1',
    );
    expect(apiTarget('https://api.example/v1/', 'http://web/media/x.jpg').href).toBe(
      'https://api.example/v1/media/x.jpg',
    );
  });
});

describe('forwardToApi and compressed answers', () => {
  let api: Server | undefined;
  afterEach(async () => {
    api?.closeAllConnections();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('asks the API for plain bytes, and passes on a compressed answer decoded', async () => {
    const seen: (string | undefined)[] = [];
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, id) => ({ id })) });
    // An API that compresses whenever it may: gzip unless told `identity`.
    api = createServer((req, res) => {
      seen.push(req.headers['accept-encoding']);
      const plain =
        req.url?.includes('force') !== true && req.headers['accept-encoding'] === 'identity';
      res.setHeader('content-type', 'application/json');
      if (plain) return void res.end(json);
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(json));
    });
    await new Promise<void>((resolve) => api!.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const browser = { 'accept-encoding': 'gzip, deflate, br' };

    const asked = await forwardToApi(
      new Request('http://web/spa/tours', { headers: browser }),
      apiUrl,
    );
    expect(seen[0]).toBe('identity');
    expect(asked.headers.get('content-encoding')).toBeNull();
    expect(await asked.json()).toEqual(JSON.parse(json));

    // An API (or a layer before it) that compresses regardless: the decoded body goes on with
    // no stale encoding or length.
    const forced = await forwardToApi(
      new Request('http://web/spa/tours?force=1', { headers: browser }),
      apiUrl,
    );
    expect(forced.headers.get('content-encoding')).toBeNull();
    expect(forced.headers.get('content-length')).toBeNull();
    expect(await forced.json()).toEqual(JSON.parse(json));
  });
});

describe("the visitor's address for the API's limits", () => {
  let api: Server | undefined;
  afterEach(async () => {
    api?.closeAllConnections();
    await new Promise((resolve) => api?.close(resolve));
  });

  /** A stand-in API that answers with the X-Forwarded-* headers it got. */
  async function echoingApi() {
    api = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          for: req.headers['x-forwarded-for'] ?? null,
          proto: req.headers['x-forwarded-proto'] ?? null,
        }),
      );
    });
    await new Promise<void>((resolve) => api!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  }

  it('sends the peer address, not a chain the visitor wrote', async () => {
    const apiUrl = await echoingApi();
    const spoofed = { 'x-forwarded-for': '198.51.100.1, 127.0.0.1', 'x-forwarded-proto': 'https' };
    for (const peer of ['203.0.113.7', '2001:db8::7']) {
      const answer = await forwardToApi(
        new Request('http://web/crm/api/user/auth', { headers: spoofed }),
        apiUrl,
        peer,
      );
      expect(await answer.json()).toEqual({ for: peer, proto: 'http' });
    }
    // No peer known: no address rather than the visitor's own.
    const unknown = await forwardToApi(new Request('http://web/spa', { headers: spoofed }), apiUrl);
    expect(await unknown.json()).toEqual({ for: null, proto: 'http' });
  });

  it('believes X-Forwarded-For and -Proto from its own trusted proxies only', async () => {
    const apiUrl = await echoingApi();
    const trusted = trustProxies(['10.0.0.0/8', '::1']);
    const viaEdge = await forwardToApi(
      new Request('http://web/spa', {
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7', 'x-forwarded-proto': 'https' },
      }),
      apiUrl,
      '::ffff:10.0.0.2',
      trusted,
    );
    expect(await viaEdge.json()).toEqual({ for: '203.0.113.7', proto: 'https' });
  });

  it('takes the last untrusted address of the chain', () => {
    const trusted = trustProxies(['10.0.0.0/8', '::1']);
    expect(visitorAddress('10.0.0.2', '203.0.113.7, 10.0.0.9', trusted)).toBe('203.0.113.7');
    expect(visitorAddress('::1', '1.1.1.1, 203.0.113.7', trusted)).toBe('203.0.113.7');
    expect(visitorAddress('10.0.0.2', null, trusted)).toBe('10.0.0.2');
    expect(visitorAddress('203.0.113.7', '10.0.0.1', trusted)).toBe('203.0.113.7');
    expect(() => trustProxies(['not-an-address'])).toThrow(/not an IP address/);
    expect(() => trustProxies(['10.0.0.0/33'])).toThrow();
  });
});

describe('forwardUpgrades', () => {
  const servers: Server[] = [];
  const sockets: Duplex[] = [];
  const listen = async (server: Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
  });

  /** Opens an upgrade on the web server and resolves with the first bytes echoed back. */
  function upgradeAndEcho(
    port: number,
    path: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    return new Promise<{ status: number; echoed?: string }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path,
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', ...headers },
      });
      req.on('upgrade', (response, socket: Duplex) => {
        socket.once('data', (data: Buffer) => {
          resolve({ status: response.statusCode ?? 0, echoed: data.toString() });
          socket.destroy();
        });
        socket.write(message);
      });
      req.on('response', (response) => resolve({ status: response.statusCode ?? 0 }));
      req.on('error', reject);
      req.end();
    });
  }

  /**
   * A web server forwarding upgrades to a stand-in API that accepts every one and echoes; each
   * upgrade request the API gets goes to `seen`. Resolves with the web server's port.
   */
  async function webOverEchoingApi(seen: (req: IncomingMessage) => void): Promise<number> {
    const api = createServer();
    api.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
      sockets.push(socket);
      seen(req);
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
      );
      socket.on('data', (data: Buffer) => socket.write(`echo:${data.toString()}`));
    });
    const apiPort = await listen(api);
    const web = createServer((_req, res) => res.end());
    forwardUpgrades(web, `http://127.0.0.1:${apiPort}`, { rejectOthers: true });
    return listen(web);
  }

  it('tunnels /socket.io upgrades to the API, both ways', async () => {
    let upstreamPath: string | undefined;
    let upstreamForwarded: object | undefined;
    const webPort = await webOverEchoingApi((req) => {
      upstreamPath = req.url;
      upstreamForwarded = {
        for: req.headers['x-forwarded-for'],
        proto: req.headers['x-forwarded-proto'],
      };
    });

    const result = await upgradeAndEcho(webPort, '/socket.io/?EIO=4&transport=websocket', 'hello', {
      'X-Forwarded-For': '198.51.100.1',
    });
    expect(result).toEqual({ status: 101, echoed: 'echo:hello' });
    expect(upstreamPath).toBe('/socket.io/?EIO=4&transport=websocket');
    // The socket's peer, not what the visitor wrote.
    expect(upstreamForwarded).toEqual({ for: '127.0.0.1', proto: 'http' });
  });

  it('adds X-Authorization from the session cookie and refuses handshakes from other origins', async () => {
    let upstream: { authorization?: string; cookie?: string; origin?: string } | undefined;
    const webPort = await webOverEchoingApi((req) => {
      upstream = {
        authorization: req.headers['x-authorization']?.toString(),
        cookie: req.headers.cookie,
        origin: req.headers.origin,
      };
    });
    const path = '/socket.io/?EIO=4&transport=websocket';

    const opened = await upgradeAndEcho(webPort, path, 'hi', {
      Cookie: 'auth_token=access-2; auth_refresh_token=refresh-2; i18n_currency=EUR',
      'X-Authorization': 'Bearer forged',
      Origin: `http://127.0.0.1:${webPort}`,
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(opened.status).toBe(101);
    // Checked here, the origin goes no further: a second web server's sockets share the API.
    expect(upstream).toEqual({
      authorization: 'Bearer access-2',
      cookie: 'i18n_currency=EUR',
      origin: undefined,
    });

    upstream = undefined;
    const foreign: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: `http://127.0.0.1:${webPort}`, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const refused = await upgradeAndEcho(webPort, path, 'hi', {
        ...headers,
        Cookie: 'auth_token=access-2',
      });
      expect(refused.status).toBe(403);
    }
    expect(upstream).toBeUndefined();
  });

  it('passes a refused upgrade on and closes other upgrade requests', async () => {
    const api = createServer((_req, res) => res.writeHead(400).end('no'));
    const apiPort = await listen(api);
    const web = createServer((_req, res) => res.end());
    forwardUpgrades(web, `http://127.0.0.1:${apiPort}`, { rejectOthers: true });
    const webPort = await listen(web);

    expect((await upgradeAndEcho(webPort, '/socket.io/', 'x')).status).toBe(400);
    await expect(upgradeAndEcho(webPort, '/not-a-socket', 'x')).rejects.toThrow(/socket hang up/);
  });
});
