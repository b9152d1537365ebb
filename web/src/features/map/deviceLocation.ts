// The phone's position, asked only when the rep taps something that needs it, once, never watched
// (docs/decisions/071-shop-coordinates-and-location.md): kept in the screen's state, never stored or sent, except as
// a shop's place when she says 'Ik sta in deze winkel'.
import { useCallback, useRef, useState } from 'react';
import type { Point } from './geo';

export interface DeviceLocation extends Point {
  /** Metres, as the phone reckons it. */
  accuracy: number;
}

/** Why no position came: she said no, the phone has none (no fix, location off), it took too long, or no such API. */
export type LocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** A position at most a minute old will do; a fix takes up to 20 s outdoors. */
const MAX_AGE_MS = 60_000;
const TIMEOUT_MS = 20_000;

const failureOf = (error: GeolocationPositionError): LocationFailure =>
  error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable';

/** Asks the phone once; rejects with a LocationFailure. `precise` asks for GPS rather than the network's guess. */
export function askLocation(
  { precise = false }: { precise?: boolean } = {},
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<DeviceLocation> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject('unsupported' satisfies LocationFailure);
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) => reject(failureOf(error)),
      { enableHighAccuracy: precise, maximumAge: precise ? 0 : MAX_AGE_MS, timeout: TIMEOUT_MS },
    );
  });
}

export type LocationState =
  { state: 'idle' } | { state: 'asking' } | { state: 'found'; location: DeviceLocation } | { state: 'failed'; failure: LocationFailure };

/** The position as a screen holds it: nothing until `ask()`, then asking, then found or failed. */
export function useDeviceLocation({ precise = false }: { precise?: boolean } = {}) {
  const [location, setLocation] = useState<LocationState>({ state: 'idle' });
  // Only the last question's answer counts (a second tap while the first is under way).
  const asked = useRef(0);
  const ask = useCallback(async (): Promise<DeviceLocation | null> => {
    const question = ++asked.current;
    setLocation({ state: 'asking' });
    try {
      const found = await askLocation({ precise });
      if (question === asked.current) setLocation({ state: 'found', location: found });
      return found;
    } catch (failure) {
      if (question === asked.current) setLocation({ state: 'failed', failure: failure as LocationFailure });
      return null;
    }
  }, [precise]);
  return { ...location, ask } as LocationState & { ask: () => Promise<DeviceLocation | null> };
}
