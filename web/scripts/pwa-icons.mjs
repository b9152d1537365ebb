// Draws the app's home-screen icons (a white P on the brand blue) as PNGs, with nothing but zlib.
// Run: node web/scripts/pwa-icons.mjs  → web/public/icons/icon-192.png, icon-512.png, icon-maskable-512.png
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1f, 0x3a, 0x5f];
const WHITE = [0xff, 0xff, 0xff];

/** The letter P in a 0..1 square; it stays inside the maskable safe zone (a circle of radius 0.4). */
function inP(x, y) {
  const stem = x >= 0.3 && x <= 0.42 && y >= 0.22 && y <= 0.78;
  const bars = x >= 0.3 && x <= 0.52 && ((y >= 0.22 && y <= 0.32) || (y >= 0.46 && y <= 0.56));
  const d = Math.hypot(x - 0.52, y - 0.39);
  const bowl = x >= 0.52 && d <= 0.17 && d >= 0.07;
  return stem || bars || bowl;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const SAMPLES = 4; // 4x4 supersampling smooths the bowl's curve
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) if (inP((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) hits++;
      const t = hits / (SAMPLES * SAMPLES);
      for (let c = 0; c < 3; c++) row[1 + px * 3 + c] = Math.round(BLUE[c] * (1 - t) + WHITE[c] * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), png(192));
writeFileSync(new URL('icon-512.png', out), png(512));
// The glyph already sits in the safe zone and the blue fills the square, so the maskable one is the same drawing.
writeFileSync(new URL('icon-maskable-512.png', out), png(512));
writeFileSync(new URL('apple-touch-icon.png', out), png(180));
