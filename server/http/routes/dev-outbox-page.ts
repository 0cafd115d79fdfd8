import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type OutboxEntry } from '../../ports/sms-sender.port';
import { projectRoot } from '../../project-root';

/** The page says every time in Malaysia's zone (UTC+8 all year), named as Malaysians name it. */
const MALAYSIA_ZONE = 'Asia/Kuala_Lumpur';
const MALAYSIA_ZONE_NAME = 'MYT';
const MALAYSIA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: MALAYSIA_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The app's look, from the sources both apps share (src/ui-kit): the theme's colours (its light
 * theme, as the page has no script to pick another) and the page's base (font, colours, links,
 * focus ring). A checkout always has them; without them the page is plain, and still works.
 */
const SHARED_STYLESHEETS = ['src/ui-kit/theme.css', 'src/ui-kit/document.css'];

/** The outbox's own rules, on the theme's variables (the member app's card look). */
const OUTBOX_RULES = `
.outbox { max-width: 960px; margin: 0 auto; padding: 2rem 1rem; }
.outbox h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
.outbox-note { margin: 0 0 1.5rem; color: var(--muted); }
.outbox-card { overflow-x: auto; color: var(--text); background: var(--card-bg);
  border: 1px solid var(--card-border); border-radius: 0.75rem; box-shadow: var(--card-shadow); }
.outbox table { width: 100%; border-collapse: collapse; }
.outbox th, .outbox td { padding: 0.6rem 1rem; text-align: left; white-space: nowrap;
  border-bottom: 1px solid var(--card-border); }
.outbox th { color: var(--muted); font-weight: 600; }
.outbox tbody tr:last-child td { border-bottom: 0; }
.outbox-code { color: var(--accent); font-size: 1.125rem; letter-spacing: 0.1em;
  font-variant-numeric: tabular-nums; }
`;

let style: { text: string; source: string } | undefined;

/** The page's stylesheet, built once, and the CSP source ('sha256-...') that allows it alone. */
export function outboxStyle(): { text: string; source: string } {
  if (style === undefined) {
    const root = projectRoot(__dirname);
    const shared = SHARED_STYLESHEETS.map((file) => {
      try {
        return readFileSync(path.join(root, file), 'utf8');
      } catch {
        return '';
      }
    });
    const text = [...shared, OUTBOX_RULES].join('\n');
    style = { text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
  }
  return style;
}

/**
 * The page's own CSP, stricter than the app's: nothing loads (default-src 'none'), no script at
 * all, and the one inline stylesheet by its hash, never 'unsafe-inline'.
 */
export function outboxPageCsp(): string {
  return [
    "default-src 'none'",
    `style-src ${outboxStyle().source}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** '8 Dec 2026, 00:29:05 MYT' for an ISO time; the text as it is when it is not one. */
export function malaysiaTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${MALAYSIA_TIME.format(at)} ${MALAYSIA_ZONE_NAME}`;
}

function row(entry: OutboxEntry): string {
  const sentAt = escapeHtml(entry.sent_at);
  return (
    `<tr><td><time datetime="${sentAt}">${escapeHtml(malaysiaTime(entry.sent_at))}</time></td>` +
    `<td>+${escapeHtml(entry.phone_no)}</td><td>${escapeHtml(entry.purpose)}</td>` +
    `<td class="outbox-code"><strong>${escapeHtml(entry.code)}</strong></td></tr>`
  );
}

/**
 * The development SMS outbox as a page (as a local mail catcher shows mail): every code "sent",
 * newest first, times in Malaysia time, reloading itself every 5 seconds. No script: its CSP
 * (outboxPageCsp) allows none, and only its own inline stylesheet.
 */
export function outboxPage(entries: readonly OutboxEntry[]): string {
  const rows = entries.map(row).join('\n');
  return `<!doctype html>
<html lang="en" data-theme="light"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SMS outbox (development)</title>
<style>${outboxStyle().text}</style></head>
<body><main class="outbox"><h1>SMS outbox (development)</h1>
<p class="outbox-note">The codes the console SMS sender "sent", newest first, at Malaysia time (${MALAYSIA_ZONE_NAME}, UTC+8). This page reloads every 5 seconds.</p>
<div class="outbox-card"><table><thead><tr><th>Sent at</th><th>Phone</th><th>Purpose</th><th>Code</th></tr></thead>
<tbody>
${rows === '' ? '<tr><td colspan="4">No codes sent yet.</td></tr>' : rows}
</tbody></table></div></main></body></html>`;
}
