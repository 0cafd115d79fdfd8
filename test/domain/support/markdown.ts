import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Helpers for tests that keep README.md and docs/ true to the code: reading Markdown. */

export const ROOT = path.resolve(__dirname, '..', '..', '..');

export const readRepoFile = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** README.md and every Markdown page under docs/, as paths relative to the repository. */
export function markdownFiles(): string[] {
  const found: string[] = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found.sort();
}

export interface Fence {
  info: string;
  body: string;
}

/** The text with its fenced code blocks blanked out (their lines kept, so headings stay prose). */
export function withoutFences(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

/** Every fenced code block, in order, with its info string (`ts`, `sh`, or ''). */
export function fences(markdown: string): Fence[] {
  const found: Fence[] = [];
  let open: { info: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*```(.*)$/.exec(line);
    if (marker && open === null) open = { info: marker[1].trim(), lines: [] };
    else if (marker && open !== null) {
      found.push({ info: open.info, body: open.lines.join('\n') });
      open = null;
    } else open?.lines.push(line);
  }
  return found;
}

/** The part of a page from the heading whose text is `title` to the next heading of its level. */
export function section(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && headingText(line) === title);
  if (start < 0) throw new Error(`no heading "${title}"`);
  const level = /^#+/.exec(lines[start])?.[0].length ?? 1;
  const prose = withoutFences(markdown).split('\n');
  let end = start + 1;
  while (end < lines.length && !isHeadingUpTo(prose[end], level)) end++;
  return lines.slice(start, end).join('\n');
}

const headingText = (line: string): string => line.replace(/^#+\s+/, '').trim();
const isHeadingUpTo = (line: string, level: number): boolean => {
  const hashes = /^(#+) /.exec(line)?.[1].length;
  return hashes !== undefined && hashes <= level;
};

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as '-'. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    if (!/^#{1,6} /.test(line)) continue;
    const slug = headingText(line)
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** The targets of Markdown links and images and of HTML `src`/`href`, outside code blocks. */
export function linkTargets(markdown: string): string[] {
  const prose = withoutFences(markdown);
  const markdownLinks = [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  const htmlLinks = [...prose.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  return [...markdownLinks, ...htmlLinks];
}

/** The rows of the Markdown tables in `markdown`, as trimmed cells (header and rule rows too). */
export function tableRows(markdown: string): string[][] {
  return withoutFences(markdown)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** Names in back-quotes that look like environment variables: `PORT`, `GATEWAY_URL`. */
export const quotedNames = (text: string): string[] =>
  [...text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)`/g)].map((m) => m[1]);

/**
 * Whether a repository path exists. A `*` in its last segment matches any characters of one
 * name, and the path then exists when at least one entry matches.
 */
export function repoPathExists(relative: string): boolean {
  const clean = relative.replace(/\/$/, '');
  const name = path.posix.basename(clean);
  if (!name.includes('*')) return existsSync(path.join(ROOT, clean));
  const dir = path.join(ROOT, path.posix.dirname(clean));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  const pattern = new RegExp(
    `^${name
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
  return readdirSync(dir).some((entry) => pattern.test(entry));
}
