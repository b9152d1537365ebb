import { describe, expect, it } from 'vitest';
import { MAX_BYTES, QUALITIES, encodingAfter, firstAttempt, fittedSize, nextAttempt } from './shrinkPhoto';

describe('the size a picture is kept at', () => {
  it('brings a phone camera picture down to 1600 px on its longest side, proportions kept', () => {
    expect(fittedSize({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
  });

  it('leaves a picture that is already small at its size', () => {
    expect(fittedSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });

  it('keeps a very narrow picture at least one pixel wide', () => {
    expect(fittedSize({ width: 20000, height: 3 })).toEqual({ width: 1600, height: 1 });
  });
});

describe('lowering the quality until the picture fits 250 KB', () => {
  it('starts fitted, at the best quality', () => {
    expect(firstAttempt({ width: 4000, height: 2000 })).toEqual({ width: 1600, height: 800, quality: QUALITIES[0] });
  });

  it('keeps the first encoding that fits', () => {
    expect(nextAttempt({ width: 1600, height: 1200, quality: QUALITIES[0] }, MAX_BYTES)).toBeNull();
  });

  it('tries the next lower quality at the same size while it is too large', () => {
    expect(nextAttempt({ width: 1600, height: 1200, quality: QUALITIES[0] }, MAX_BYTES + 1)).toEqual({
      width: 1600,
      height: 1200,
      quality: QUALITIES[1],
    });
  });

  it('makes the picture smaller once the lowest quality is still too large', () => {
    const lowest = QUALITIES[QUALITIES.length - 1];
    expect(nextAttempt({ width: 1600, height: 1200, quality: lowest }, 400_000)).toEqual({ width: 1200, height: 900, quality: lowest });
  });

  it('always ends: every picture reaches a size that fits or the smallest size', () => {
    let attempt = firstAttempt({ width: 6000, height: 4000 });
    let steps = 0;
    // An encoder that never gets under the limit.
    for (let next = nextAttempt(attempt, 10 * MAX_BYTES); next; next = nextAttempt(attempt, 10 * MAX_BYTES)) {
      attempt = next;
      steps++;
    }
    expect(steps).toBeLessThan(15);
    expect(Math.max(attempt.width, attempt.height)).toBe(400);
  });
});

describe('the encoding', () => {
  it('is WebP where the browser encodes it', () => {
    expect(encodingAfter('image/webp', 'image/webp')).toBe('image/webp');
  });

  it('falls back to JPEG where the browser answers WebP with another type', () => {
    expect(encodingAfter('image/webp', 'image/png')).toBe('image/jpeg');
    expect(encodingAfter('image/jpeg', 'image/jpeg')).toBe('image/jpeg');
  });
});
