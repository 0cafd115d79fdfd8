import { ConfigError, loadConfig } from '../../../server/config';

/** The scheduled backup's settings: off by default, and an age recipient that is one. */
describe('backup settings', () => {
  it('takes no scheduled backup unless BACKUP_DIR is set, daily and keeping 7 when it is', () => {
    expect(loadConfig({}).backup).toEqual({
      dir: undefined,
      intervalS: 86_400,
      retention: 7,
      passphrase: undefined,
      recipient: undefined,
      identityFile: undefined,
    });
    expect(
      loadConfig({ BACKUP_DIR: '/var/backups/portal', BACKUP_RETENTION: '30' }).backup,
    ).toMatchObject({ dir: '/var/backups/portal', retention: 30 });
  });

  it('refuses a BACKUP_RECIPIENT that is not an age public key, and a retention of 0', () => {
    expect(() => loadConfig({ BACKUP_RECIPIENT: 'ssh-ed25519 AAAA' })).toThrow(
      new ConfigError(['BACKUP_RECIPIENT: must be an age public key (age1...)']),
    );
    expect(() => loadConfig({ BACKUP_RETENTION: '0' })).toThrow(ConfigError);
  });
});
