// A mail is written once as a small document and drawn twice: as plain text and as simple HTML (inline styles only,
// as mail clients read them), every value escaped.
import { escapeHtml } from '../../lib/html.js';
import { mailTexts } from './texts.js';

export interface MailLine {
  text: string;
  /** A second, quieter line: when, where, since when. */
  detail?: string;
  link?: string;
}
export interface MailSection {
  title?: string;
  lines: MailLine[];
}
export interface MailDocument {
  greeting: string;
  intro: string;
  sections: MailSection[];
  /** The buttons under the sections. */
  actions: { label: string; url: string }[];
  why: string;
  unsubscribe: { label: string; url: string };
  settingsUrl: string;
}

export function renderText(doc: MailDocument): string {
  const out = [doc.greeting, '', doc.intro];
  for (const section of doc.sections) {
    out.push('');
    if (section.title) out.push(section.title.toUpperCase());
    for (const line of section.lines) {
      out.push(`- ${line.text}${line.detail ? ` (${line.detail})` : ''}`);
      if (line.link) out.push(`  ${line.link}`);
    }
  }
  for (const action of doc.actions) out.push('', `${action.label}: ${action.url}`);
  out.push('', '--', doc.why, `${doc.unsubscribe.label}: ${doc.unsubscribe.url}`, `${mailTexts.settings}: ${doc.settingsUrl}`);
  return `${out.join('\n')}\n`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.45;color:#212529';

export function renderHtml(doc: MailDocument): string {
  const line = (l: MailLine) =>
    `<li style="margin:0 0 8px">${l.link ? `<a href="${escapeHtml(l.link)}" style="color:#0b5ed7">${escapeHtml(l.text)}</a>` : escapeHtml(l.text)}` +
    (l.detail ? `<br><span style="color:#6c757d;font-size:13px">${escapeHtml(l.detail)}</span>` : '') +
    '</li>';
  const sections = doc.sections
    .map(
      (s) =>
        (s.title ? `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.title)}</h2>` : '') +
        `<ul style="padding-left:20px;margin:8px 0">${s.lines.map(line).join('')}</ul>`,
    )
    .join('');
  const actions = doc.actions
    .map(
      (a) =>
        `<p style="margin:16px 0"><a href="${escapeHtml(a.url)}" style="display:inline-block;background:#0b5ed7;color:#fff;` +
        `padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(a.label)}</a></p>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="nl"><body style="margin:0;padding:16px;${FONT}"><div style="max-width:560px">` +
    `<p>${escapeHtml(doc.greeting)}</p><p>${escapeHtml(doc.intro)}</p>${sections}${actions}` +
    `<hr style="border:0;border-top:1px solid #dee2e6;margin:24px 0 12px">` +
    `<p style="color:#6c757d;font-size:13px">${escapeHtml(doc.why)}<br>` +
    `<a href="${escapeHtml(doc.unsubscribe.url)}" style="color:#6c757d">${escapeHtml(doc.unsubscribe.label)}</a> · ` +
    `<a href="${escapeHtml(doc.settingsUrl)}" style="color:#6c757d">${escapeHtml(mailTexts.settings)}</a></p>` +
    `</div></body></html>`
  );
}
