import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AuditViewModel } from '../../console/src/ui/screens/audit/audit.view-model';
import { formatTime } from '../../console/src/ui/shared/format';
import { signedInAs } from './console-container.support';

const CONSOLE_UI = join(__dirname, '../../console/src/ui');
const FORMAT = join(CONSOLE_UI, 'shared/format.ts');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * One time zone per screen, named: the console writes every time in Malaysia time through one
 * helper, whatever the browser's zone, and each screen that shows times says so once.
 */
describe('the console: times in Malaysia time, named once per screen', () => {
  it("writes an instant as Malaysia's clock shows it, whatever the browser's zone", () => {
    // 16:29 UTC on 7 December is 00:29 on 8 December in Kuala Lumpur (UTC+8).
    // ICU versions differ in the space before AM (a narrow no-break space or a plain one).
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(formatTime('2026-12-07T16:29:05Z', 'en'))).toBe('Dec 8, 2026, 12:29 AM');
    expect(spaced(formatTime('2026-12-07T16:29:05Z', 'en', 'second'))).toBe(
      'Dec 8, 2026, 12:29:05 AM',
    );
    expect(formatTime(null, 'en')).toBe('—');
  });

  it("reads the audit log's dates as Malaysia days", async () => {
    const { container } = await signedInAs('admin');
    const vm = container.get(AuditViewModel);
    vm.setFilter('from', '2026-12-08');
    vm.setFilter('to', '2026-12-08');
    const query = new URL(vm.exportHref, 'https://ops.test').searchParams;
    expect([query.get('from'), query.get('to')]).toEqual([
      '2026-12-07T16:00:00.000Z',
      '2026-12-08T15:59:59.999Z',
    ]);
  });

  it('formats times only through the one helper, and names the zone once on each screen', () => {
    const sources = sourcesUnder(CONSOLE_UI);
    const ownFormatting = sources
      .filter((path) => path !== FORMAT)
      .filter((path) =>
        /Intl\.DateTimeFormat|toLocale(Date|Time)?String|formatMalaysiaTime/.test(
          readFileSync(path, 'utf8'),
        ),
      );
    expect(ownFormatting.map((path) => relative(CONSOLE_UI, path))).toEqual([]);

    const screens = join(CONSOLE_UI, 'screens');
    const named = readdirSync(screens).flatMap((screen) => {
      const files = sourcesUnder(join(screens, screen)).map((path) => readFileSync(path, 'utf8'));
      if (!files.some((text) => /\bformatTime\(/.test(text))) return [];
      const labels = files.join('\n').match(/<PageHeading times\b/g) ?? [];
      return [[screen, labels.length]];
    });
    expect(named.length).toBeGreaterThanOrEqual(6);
    expect(named.filter(([, labels]) => labels !== 1)).toEqual([]);
  });
});
