import { describe, expect, it } from 'vitest';
import { listeningUrl, startupAddress } from './address.js';

describe('the start-up line names where the server really listens', () => {
  it('on every interface: localhost with the real PORT, not always 3000', () => {
    expect(listeningUrl({ address: '0.0.0.0', family: 'IPv4', port: 3301 })).toBe('http://localhost:3301');
    expect(listeningUrl({ address: '::', family: 'IPv6', port: 8080 })).toBe('http://localhost:8080');
  });
  it('on one address (HOST): that address, IPv6 in brackets', () => {
    expect(listeningUrl({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(listeningUrl({ address: '::1', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
  });
  it('adds the public address only when it is somewhere else than this machine', () => {
    const listening = { address: '0.0.0.0', family: 'IPv4', port: 3301 };
    expect(startupAddress(listening, 'http://localhost:3000')).toBe('http://localhost:3301');
    expect(startupAddress(listening, 'https://prospectie.fc70.example')).toBe(
      'http://localhost:3301 (publiek adres https://prospectie.fc70.example)',
    );
  });
});
