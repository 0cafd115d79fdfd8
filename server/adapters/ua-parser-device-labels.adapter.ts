import { UAParser } from 'ua-parser-js';

/**
 * A short label of the device a user agent runs on, for the list of where a member is signed
 * in: "Chrome on Android", "Safari on iOS", "Firefox on Windows"; the browser or the system alone
 * when only one is known; undefined when neither is (the list then shows an unknown device).
 * Only the label is kept, never the user-agent string itself.
 */
export function deviceLabelOf(userAgent: string | undefined): string | undefined {
  if (userAgent === undefined || userAgent.trim() === '') return undefined;
  const parser = new UAParser(userAgent.slice(0, 512));
  const browser = parser.getBrowser();
  const os = parser.getOS();
  // "Mobile Chrome", "Mobile Safari", "Mobile Firefox": the system already says it is mobile.
  const browserName = browser.name?.replace(/^Mobile /, '');
  const osName = os.name;
  if (browserName && osName) return `${browserName} on ${osName}`;
  return browserName ?? osName ?? undefined;
}
