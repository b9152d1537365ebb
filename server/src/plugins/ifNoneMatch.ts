// Conditional GET: whether a request's If-None-Match names the current ETag (RFC 9110 §13.1.2, weak comparison, so
// `W/"x"` and `"x"` match), and the answer may be 304 without a body.
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
