import { describe, expect, it } from 'vitest';
import { dataUpdatedAt, offlineAge } from './dataAge';

describe('offline data age', () => {
  it('says the time for data of today, the day and time for older data', () => {
    const now = new Date(2025, 10, 23, 15, 0).getTime();
    expect(offlineAge(new Date(2025, 10, 23, 10, 32).getTime(), now)).toBe('vandaag om 10:32');
    expect(offlineAge(new Date(2025, 10, 22, 17, 5).getTime(), now)).toBe('22 november om 17:05');
  });

  it('is the oldest of what the screen shows, else the newest fetch, else unknown', () => {
    expect(
      dataUpdatedAt([
        { updatedAt: 300, onScreen: true },
        { updatedAt: 100, onScreen: true },
        { updatedAt: 50, onScreen: false },
      ]),
    ).toBe(100);
    expect(
      dataUpdatedAt([
        { updatedAt: 300, onScreen: false },
        { updatedAt: 100, onScreen: false },
      ]),
    ).toBe(300);
    expect(dataUpdatedAt([{ updatedAt: 0, onScreen: true }])).toBeUndefined();
    expect(dataUpdatedAt([])).toBeUndefined();
  });
});
