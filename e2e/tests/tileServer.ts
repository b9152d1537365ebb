// A map tile server of the tests' own on loopback (the map's MAP_TILE_URL, decision 071): every tile the same small PNG,
// drawn here with zlib alone, and each address asked kept, so a test sees the map fetched its tiles from the setting.
import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';

const SIZE = 256;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A light square with a faint grid: a map without streets, but a map. */
function tilePng(): Buffer {
  const row = SIZE * 3 + 1;
  const pixels = Buffer.alloc(row * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const grid = x % 64 === 0 || y % 64 === 0;
      pixels.set(grid ? [214, 220, 226] : [240, 237, 229], y * row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export class TestTileServer {
  /** Every tile asked, as /z/x/y.png. */
  readonly requests: string[] = [];
  private server: Server | null = null;

  async start(port: number): Promise<this> {
    const png = tilePng();
    this.server = createServer((request, response) => {
      this.requests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      response.end(png);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject).listen(port, '127.0.0.1', resolve);
    });
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
