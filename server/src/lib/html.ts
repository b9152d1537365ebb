// Text written into HTML the server makes itself (a mail's HTML, the first screen it writes for the app).

/** The text with `& < > " '` as entities: safe between tags and inside a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
