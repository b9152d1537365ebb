import { describe, expect, it } from 'vitest';
import { AFTER_ID, itemAddress } from './outbox';
import { photoTarget } from './photoOutbox';
import { keptPhoto } from '../test/keptPhoto';

const kept = keptPhoto('0b6f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70');

const photoPath = (visitId: number, photo: typeof kept) => itemAddress(photoTarget(visitId, photo)).path;

describe('where a picture is sent', () => {
  it('is its visit and its own id, so a retry names the same picture', () => {
    expect(photoPath(41, kept)).toBe('/prospections/41/photos/0b6f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70');
  });

  it("waits for the visit's id while the visit itself still waits", () => {
    expect(photoTarget(AFTER_ID, kept).params).toEqual({ prospectionId: AFTER_ID, photoId: kept.id });
  });

  it('carries the caption (trimmed, encoded) and the one tag the rep chose', () => {
    expect(photoPath(41, { ...kept, caption: '  Etalage & hoek ', brandId: 3 })).toBe(
      `/prospections/41/photos/${kept.id}?caption=Etalage+%26+hoek&brandId=3`,
    );
    expect(photoPath(41, { ...kept, caption: '   ', competitorBrandId: 8 })).toBe(`/prospections/41/photos/${kept.id}?competitorBrandId=8`);
  });
});
