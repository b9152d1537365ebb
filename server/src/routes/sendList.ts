// A list kept per version (services/shopList.ts) is JSON already serialised and compressed: sent as it is, past the
// serialiser, in the encoding made once for its version, or a 304 when the browser has it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from '../plugins/compression.js';
import { matchesIfNoneMatch } from '../plugins/ifNoneMatch.js';
import type { ShopListBody } from '../services/shopList.js';

export function sendListBody(request: FastifyRequest, reply: FastifyReply, body: ShopListBody) {
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) return reply.status(304).send(undefined);
  reply.type('application/json; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (encoding) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}
