// Images for the photo tests (decision 035), drawn with sharp when a test asks: a phone's photo with EXIF and GPS, and
// the bad inputs (a text file, a truncated JPEG, a picture over the pixel limit).
import sharp from 'sharp';

/** A JPEG of width × height with a gradient and a few blocks of colour, like a photo rather than a flat plane. */
export async function photoJpeg(width = 1200, height = 900, options: { exif?: boolean; orientation?: number } = {}): Promise<Buffer> {
  const blocks = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${(i * width) / 9}" y="${height / 3}" width="${width / 12}" height="${height / 2}" fill="hsl(${i * 45},60%,50%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9e6f2"/><stop offset="1" stop-color="#5a4a3a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${blocks}</svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'Testphone', Model: 'GPS 1', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 21/1 0/1' },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** A plain text file, as a rep might pick one named foto.jpg. */
export const textFile = () => Buffer.from('Dit is geen foto, alleen tekst in een bestand met de naam foto.jpg.\n');

/** The first half of a real JPEG: its header reads, its pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await photoJpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A PNG of one colour with more pixels than the server decodes (8000 × 6000 = 48 MP > 40 MP): a few hundred KB that
 * would take 144 MB to decode, the shape of a decompression bomb (a 20000 × 20000 one takes 20 s to make here).
 */
export const pixelBombPng = () =>
  sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();
