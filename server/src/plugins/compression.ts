// Compresses text responses (the app's JS/CSS/HTML and large API JSON) with brotli or gzip, as the
// client accepts. No dependency: node's zlib. On a phone's 1.6 Mbps the app's first download and the
// 20,000-shop list are otherwise seconds of transfer (docs/decisions/016-response-compression.md).
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const COMPRESSIBLE = /json|javascript|css|html|svg|xml|text\//;
/** Office files are zips of deflated XML ('openxmlformats' holds 'xml'): compressing one again is CPU for nothing. */
const ZIPPED = /openxmlformats|zip/;
const MIN_BYTES = 1024;
/** Up to this size compressing in place (tens of microseconds) is cheaper than the hop to zlib's thread pool. */
const SYNC_MAX_BYTES = 64 * 1024;
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/**
 * In place (API bodies of a few KB) brotli's fixed cost per call dominates: quality 2 takes half the time of 5 and
 * its output is a few dozen bytes longer (a 1.3 KB visit list: 266 B instead of 227 B; 5 KB: 455 B instead of 371 B).
 * A 64 KB window (lgwin 16) holds nearly any body compressed in place whole, so the output is as small; brotli's default 4 MB
 * window was allocated, and with `npm start`'s fixed malloc thresholds mapped and zeroed, on every call: a rep's
 * week (11 KB) took 100 µs instead of 38 (decision 082).
 */
const brotliInPlace = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_LGWIN]: 16 },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accept = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

export const compression = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type) || ZIPPED.test(type)) return payload;
    // Also for a body already encoded (the build's compressed files, the shop list's kept bytes): it was chosen by it.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    if (reply.hasHeader('content-encoding')) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const size = Buffer.byteLength(payload);
      if (size < MIN_BYTES) return payload;
      const body =
        size <= SYNC_MAX_BYTES
          ? encoding === 'br'
            ? brotliCompressSync(payload, brotliInPlace(size))
            : gzipSync(payload)
          : encoding === 'br'
            ? await brotliAsync(payload, brotliOptions)
            : await gzipAsync(payload);
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return body;
    }
    if (payload instanceof Readable) {
      const length = Number(reply.getHeader('content-length') ?? MIN_BYTES);
      if (length < MIN_BYTES) return payload;
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return payload.pipe(encoding === 'br' ? createBrotliCompress(brotliOptions) : createGzip());
    }
    return payload;
  });
});
