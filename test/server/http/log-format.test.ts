import { logFormat, logTransport, PRETTY_TRANSPORT } from '../../../src/contract/log-format';
import { logFormatInputs } from '../../../server/http/log-format-inputs';

const installed = () => true;

describe('the log format', () => {
  it('is pretty in development on a terminal', () => {
    expect(logFormat({ appEnv: 'development', isTTY: true, prettyInstalled: installed })).toBe(
      'pretty',
    );
    expect(
      logTransport({ appEnv: 'development', isTTY: true, prettyInstalled: installed }),
    ).toEqual(PRETTY_TRANSPORT);
  });

  it.each([
    ['development', false],
    ['test', true],
    ['test', false],
    ['production', true],
    ['production', false],
  ])('is JSON (no transport) for APP_ENV=%s with a terminal: %p', (appEnv, isTTY) => {
    expect(logFormat({ appEnv, isTTY, prettyInstalled: installed })).toBe('json');
    expect(logTransport({ appEnv, isTTY, prettyInstalled: installed })).toBeUndefined();
  });

  it('is JSON when pino-pretty is not installed (a production install), even on a terminal', () => {
    expect(logFormat({ appEnv: 'development', isTTY: true, prettyInstalled: () => false })).toBe(
      'json',
    );
  });

  it('looks for pino-pretty only when development and a terminal already ask for it', () => {
    const prettyInstalled = jest.fn(() => true);
    logFormat({ appEnv: 'production', isTTY: true, prettyInstalled });
    logFormat({ appEnv: 'development', isTTY: false, prettyInstalled });
    expect(prettyInstalled).not.toHaveBeenCalled();
  });

  it("reads this process's terminal and finds the installed pino-pretty", () => {
    const inputs = logFormatInputs('development');
    expect(inputs.isTTY).toBe(process.stdout.isTTY === true);
    expect(inputs.prettyInstalled()).toBe(true);
    expect(require.resolve(PRETTY_TRANSPORT.target)).toContain('pino-pretty');
  });
});
