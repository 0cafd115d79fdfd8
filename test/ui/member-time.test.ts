import { DEFAULT_TIME_ZONE, isTimeZone, utcOffsetOf } from '../../src/contract/time-zones';
import { DownloadReceiptUseCase } from '../../src/domain/use-cases/download-receipt.use-case';
import { formatMemberTime, memberTimeZone, zoneLabel } from '../../src/ui/components/member-time';
import { FakeHttp, file } from '../fakes/fake-http';
import { RecordingFileSaver } from '../fakes/recording-file-saver';

// 08:29 UTC on 7 December 2026.
const AT = '2026-12-07T08:29:00.000Z';

describe("the member's own time zone", () => {
  afterEach(() => jest.restoreAllMocks());

  it('says a time in the zone given, not in Malaysia’s', () => {
    expect(formatMemberTime(AT, 'en', 'Asia/Kuala_Lumpur')).toMatch(/7 Dec 2026, 4:29\s?pm/i);
    expect(formatMemberTime(AT, 'en', 'Europe/London')).toMatch(/7 Dec 2026, 8:29\s?am/i);
    expect(formatMemberTime(AT, 'en', 'America/New_York')).toMatch(/7 Dec 2026, 3:29\s?am/i);
  });

  it('names the zone: MYT in Malaysia, else its IANA name, with the offset at that time', () => {
    expect(zoneLabel('Asia/Kuala_Lumpur', new Date(AT))).toBe('MYT, UTC+8');
    expect(zoneLabel('Europe/London', new Date(AT))).toBe('Europe/London, UTC+0');
    expect(zoneLabel('Europe/London', new Date('2026-07-01T12:00:00Z'))).toBe(
      'Europe/London, UTC+1',
    );
    expect(zoneLabel('Asia/Kolkata', new Date(AT))).toBe('Asia/Kolkata, UTC+5:30');
  });

  it("is the browser's zone, or Malaysia's when the browser names none the app knows", () => {
    const resolved = (timeZone: string) =>
      jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
        timeZone,
      } as Intl.ResolvedDateTimeFormatOptions);
    resolved('Europe/Paris');
    expect(memberTimeZone()).toBe('Europe/Paris');
    jest.restoreAllMocks();
    resolved('Nowhere/Land');
    expect(memberTimeZone()).toBe(DEFAULT_TIME_ZONE);
  });

  it('accepts IANA zones and their aliases, refuses anything else', () => {
    for (const zone of ['Asia/Kuala_Lumpur', 'UTC', 'Asia/Kolkata', 'America/Argentina/Salta']) {
      expect(isTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '', '../etc/passwd', 'A'.repeat(65), 'Asia/Kuala Lumpur']) {
      expect(isTimeZone(zone)).toBe(false);
    }
    expect(utcOffsetOf('America/St_Johns', new Date(AT))).toBe('UTC-3:30');
  });

  it('asks for the receipt in the member’s zone', async () => {
    const http = new FakeHttp().onDownload('receiptPdf', file('%PDF'));
    await new DownloadReceiptUseCase(http, new RecordingFileSaver(), () => 'Europe/London').execute(
      { transactionId: 'TXN1', language: 'en' },
    );
    expect(http.downloads[0].request).toEqual({ lang: 'en', tz: 'Europe/London' });
  });
});
