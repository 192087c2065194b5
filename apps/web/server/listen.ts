import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts listening and prints the URL (PUBLIC_URL when set, as that is what people open). */
export async function listen(
  server: Server,
  { port, host, publicUrl }: { port: number; host: string; publicUrl?: string },
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostname}:${address.port}`;
  console.info(`Gallop web listening on ${url}${publicUrl ? ` (public URL ${publicUrl})` : ''}`);
  return url;
}

/**
 * Stops taking connections on SIGTERM / SIGINT, lets requests in flight finish, closes idle
 * keep-alive sockets, runs `onClose` (e.g. Vite) and exits; a second signal or a timeout exits at once.
 */
export function closeGracefully(
  server: Server,
  { timeoutMs = 10_000, onClose }: { timeoutMs?: number; onClose?: () => Promise<void> } = {},
): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      console.info(`${signal} again: exiting now.`);
      process.exit(1);
    }
    closing = true;
    console.info(`${signal} received: closing the web server...`);
    const timer = setTimeout(() => {
      console.error(`Connections still open after ${timeoutMs} ms: exiting.`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    server.close(async (error) => {
      await onClose?.().catch((closeError: unknown) => console.error(closeError));
      clearTimeout(timer);
      process.exit(error ? 1 : 0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
