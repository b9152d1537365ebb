// A phone's location for the map's component tests: where it says she stands, or why it says nothing.
import { vi } from 'vitest';

type Answer = { latitude: number; longitude: number; accuracy?: number } | 'denied' | 'unavailable';

/** Puts a fake navigator.geolocation in place; returns its getCurrentPosition to count the questions. */
export function fakeLocation(answer: Answer) {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) => {
    if (typeof answer === 'string') {
      const code = answer === 'denied' ? 1 : 2;
      failed?.({ code, message: answer, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    } else {
      found({ coords: { accuracy: 20, ...answer }, timestamp: Date.now() } as GeolocationPosition);
    }
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}
