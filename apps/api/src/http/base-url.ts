/** The base URL of a bound address (an IPv6 address in brackets). */
export function httpUrl(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}
