import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  askRunningServer,
  channelPath,
  type LocalChannel,
  openLocalChannel,
} from '../../../server/ops-cli/local-channel';
import { inMemoryServer, type InMemoryServer } from '../support/in-memory-server';

/**
 * The local channel a server on PGlite opens for the command line: owner-only, the same
 * command functions as `npm run ops`, anything else than a command request refused.
 */
describe('ops local channel', () => {
  let server: InMemoryServer;
  let dataDir: string;
  let channel: LocalChannel;
  beforeAll(async () => {
    server = inMemoryServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ops-channel-'));
    channel = await openLocalChannel(server.container, dataDir, () => undefined);
  });
  afterAll(async () => {
    await channel.close();
    await server.container.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const ask = (...argv: string[]) => askRunningServer(dataDir, argv, () => undefined);

  it('is a socket only the data directory’s owner can reach', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const socket = statSync(channelPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('runs the command line’s commands and answers what they print', async () => {
    const created = await ask(
      'create-operator',
      '--name',
      'Nur',
      '--email',
      'nur@ops.test',
      '--role',
      'admin',
    );
    expect(created).toMatchObject({ code: 0 });
    expect(created !== 'absent' && created.out.join('\n')).toMatch(/\/enrol#token=[\w-]{20,}/);
    expect(await server.container.operators.findByEmail('nur@ops.test')).not.toBeNull();
    expect(await ask('create-operator', '--role', 'root')).toMatchObject({ code: 2 });
  });

  it('refuses what is not a command request', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = createConnection(channelPath(dataDir));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.write('{"argv": "create-operator"}\n');
    });
    expect(JSON.parse(answer)).toEqual({ code: 2, out: ['Not a command request.'] });
  });

  it('is gone once closed, and a command line then finds no server', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'ops-channel-'));
    const closing = await openLocalChannel(server.container, other, () => undefined);
    // A connection that never asks does not hold the server's shutdown up.
    const silent = createConnection(channelPath(other));
    await new Promise((resolve) => silent.once('connect', resolve));
    const ended = new Promise((resolve) => silent.once('close', resolve));
    await closing.close();
    await ended;
    expect(existsSync(channelPath(other))).toBe(false);
    expect(await askRunningServer(other, ['checkpoint'], () => undefined)).toBe('absent');
    await rm(other, { recursive: true, force: true });
  });
});
