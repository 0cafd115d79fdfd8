import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, markdownFiles, readRepoFile } from './support/markdown';

/**
 * The pages a newcomer reads first stay short and describe the code as it is: no journal of past
 * work (which git keeps), and no reference to a tracker the repository does not hold, in the docs
 * or in the code's comments.
 */

/** Words that cite past work instead of describing behaviour. */
const JOURNAL = [
  /\bissue #?\d+/i,
  /\b(?:this|that|each|every|previous|earlier|first|last|latest)\s+round\b/i,
  /\bthe\s+round\s+before\b/i,
  /\b[\w-]+ round's\b/i,
  /\brun \d+ \/ run \d+\b/i,
];

const SOURCE_DIRS = ['server', 'src', 'scripts', 'test', 'console', 'sandbox-gateway'];

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:tsx?|m?js|cjs|sql|css|html)$/.test(file))
    .map((file) => path.posix.join(dir, file));
}

const citations = (file: string): string[] =>
  readRepoFile(file)
    .split('\n')
    .flatMap((line, i) =>
      JOURNAL.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );

describe('the docs describe today', () => {
  it('keeps README.md a front door of at most 150 lines', () => {
    expect(readRepoFile('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });

  it('keeps docs/performance.md a reference of at most 250 lines', () => {
    expect(readRepoFile('docs/performance.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('names no issue number, work round or run log in README.md and docs/', () => {
    const pages = markdownFiles().filter((file) => !file.startsWith('docs/spec/'));
    expect(pages.flatMap(citations)).toEqual([]);
  });

  it('names no issue number or work round in a source file', () => {
    const sources = SOURCE_DIRS.flatMap(filesUnder);
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap(citations)).toEqual([]);
  });

  it('shows every image of docs/gallery/ on docs/gallery.md', () => {
    const gallery = readRepoFile('docs/gallery.md');
    const images = readdirSync(path.join(ROOT, 'docs/gallery')).filter((f) => f.endsWith('.png'));
    expect(images.length).toBeGreaterThan(50);
    expect(images.filter((image) => !gallery.includes(`src="gallery/${image}"`))).toEqual([]);
  });
});
