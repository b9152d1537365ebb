import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('the public address', () => {
  it('follows PORT when PUBLIC_URL is not set, so a start on another port takes writes from the page it serves', () => {
    expect(loadConfig({ PORT: '3301' }).publicUrl).toBe('http://localhost:3301');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });
  it('is PUBLIC_URL when set, without a trailing slash', () => {
    expect(loadConfig({ PORT: '3301', PUBLIC_URL: 'http://127.0.0.1:8080/' }).publicUrl).toBe('http://127.0.0.1:8080');
  });
});
