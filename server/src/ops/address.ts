// The address the start-up line names: where the server really listens (PORT, HOST), as a browser would open it.
import type { AddressInfo } from 'node:net';

const WILDCARDS = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

/** http://host:port of a listening socket; on every interface (0.0.0.0, ::) that is this machine's localhost. */
export function listeningUrl(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return address;
  const host = WILDCARDS.has(address.address)
    ? 'localhost'
    : address.family === 'IPv6' || address.address.includes(':')
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** The start-up line's address part: where it listens, and the public address when that is somewhere else. */
export function startupAddress(address: AddressInfo | string | null, publicUrl: string): string {
  const listening = listeningUrl(address) ?? publicUrl;
  const publicHost = new URL(publicUrl).hostname;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(publicHost);
  return local || publicUrl === listening ? listening : `${listening} (publiek adres ${publicUrl})`;
}
