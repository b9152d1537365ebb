import { describe, expect, it } from 'vitest';
import { loadConfig, tileOrigin } from './config.js';

describe('the public address', () => {
  it('follows PORT when PUBLIC_URL is not set, so a start on another port takes writes from the page it serves', () => {
    expect(loadConfig({ PORT: '3301' }).publicUrl).toBe('http://localhost:3301');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });
  it('is PUBLIC_URL when set, without a trailing slash', () => {
    expect(loadConfig({ PORT: '3301', PUBLIC_URL: 'http://127.0.0.1:8080/' }).publicUrl).toBe('http://127.0.0.1:8080');
  });
});

describe('roles and sign-in settings', () => {
  const oidc = { AUTH_MODE: 'oidc', OIDC_ISSUER: 'https://login.example.com/t/v2.0', OIDC_CLIENT_ID: 'x' };
  it('reads the app role values, with Prospectie.* by default, and auto-provisioning off', () => {
    expect(loadConfig(oidc).oidc).toMatchObject({
      roleClaims: { medewerker: 'Prospectie.Medewerker', manager: 'Prospectie.Manager', beheerder: 'Prospectie.Beheerder' },
      autoProvision: false,
      autoProvisionRole: undefined,
    });
    expect(
      loadConfig({ ...oidc, OIDC_ROLE_BEHEERDER: 'Admin', OIDC_AUTO_PROVISION: 'true', OIDC_AUTO_PROVISION_ROLE: 'Prospectie.Medewerker' })
        .oidc,
    ).toMatchObject({ roleClaims: { beheerder: 'Admin' }, autoProvision: true, autoProvisionRole: 'Prospectie.Medewerker' });
  });
  it('reads ADMIN_LOGINS as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_LOGINS: ' Beheer@Example.com, ,it@fc70.example ' }).adminLogins).toEqual([
      'beheer@example.com',
      'it@fc70.example',
    ]);
    expect(loadConfig({}).adminLogins).toEqual([]);
  });
});

describe('the photo storage', () => {
  it('keeps photos in the database unless told, and needs PHOTO_DIR for a directory', () => {
    expect(loadConfig({}).photoStorage).toEqual({ kind: 'database' });
    expect(loadConfig({ PHOTO_STORAGE: 'directory', PHOTO_DIR: '/srv/photos' }).photoStorage).toEqual({
      kind: 'directory',
      dir: '/srv/photos',
    });
    expect(() => loadConfig({ PHOTO_STORAGE: 'directory' })).toThrow(/PHOTO_DIR/);
    expect(() => loadConfig({ PHOTO_STORAGE: 's3' })).toThrow(/PHOTO_STORAGE/);
  });
});

describe("the map's tiles", () => {
  it("allows the tiles' host in the content security policy, any subdomain for {s}, and refuses an address without {z}", () => {
    expect(tileOrigin(loadConfig({}))).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin(loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.be/{z}/{x}/{y}.png' }))).toBe('https://*.tiles.example.be');
    expect(tileOrigin(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:9999/{z}/{x}/{y}.png' }))).toBe('http://127.0.0.1:9999');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.be/tile.png' })).toThrow(/MAP_TILE_URL/);
  });
});
