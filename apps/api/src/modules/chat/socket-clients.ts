/** Socket.IO clients for the chat's tests (socket.test.ts, bots.test.ts). */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  io as connect,
  type ManagerOptions,
  type Socket,
  type SocketOptions,
} from 'socket.io-client';
import type { Json } from '#src/testing/call.ts';

/** Starts the app on a free loopback port (sockets need a real server) and answers its URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Opens websocket-only clients and disconnects them all at once (call in `afterEach`). */
export function socketClients() {
  const sockets: Socket[] = [];
  return {
    open(
      url: string,
      token?: string,
      options: Partial<ManagerOptions & SocketOptions> = {},
    ): Socket {
      const socket = connect(url, {
        ...(token === undefined ? {} : { auth: { token } }),
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...options,
      });
      sockets.push(socket);
      return socket;
    },
    disconnectAll(): void {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The next `event` on the socket (fails after two seconds). */
export function next<T = Json>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 2 s`)), 2_000);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Every `event` the socket receives from now on. */
export function collect(socket: Socket, event: string): Json[] {
  const seen: Json[] = [];
  socket.on(event, (payload: Json) => seen.push(payload));
  return seen;
}
