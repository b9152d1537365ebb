import { describe, expect, it } from 'vitest';
import { ROOM_NEEDED, isQuotaError, roomForPhoto } from './keptPhotos';

describe('room on the device for the next picture', () => {
  it('is there while more than 2 MB is free', () => {
    expect(roomForPhoto({ quota: 100 * ROOM_NEEDED, usage: 10 * ROOM_NEEDED })).toBe(true);
    expect(roomForPhoto({ quota: 10 * ROOM_NEEDED, usage: 9 * ROOM_NEEDED })).toBe(true);
  });

  it('is gone when less than 2 MB is free', () => {
    expect(roomForPhoto({ quota: 10 * ROOM_NEEDED, usage: 10 * ROOM_NEEDED - 1 })).toBe(false);
  });

  it('is assumed where the browser cannot tell', () => {
    expect(roomForPhoto(undefined)).toBe(true);
    expect(roomForPhoto({ quota: 1000 })).toBe(true);
  });

  it('is gone after the browser refused to store for lack of room', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new DOMException('other', 'DataError'))).toBe(false);
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false);
  });
});
