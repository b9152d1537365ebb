// A picture kept on the device as IndexedDB holds it (offline/keptPhotos), for the tests of what shows and sends it.
import type { KeptPhoto } from '../offline/keptPhotos';

/** A 1600×1200 WebP with no caption and no tag; `details` sets what a test is about. */
export const keptPhoto = (id: string, details: Partial<KeptPhoto> = {}): KeptPhoto => ({
  id,
  caption: '',
  brandId: null,
  competitorBrandId: null,
  type: 'image/webp',
  width: 1600,
  height: 1200,
  ...details,
});
