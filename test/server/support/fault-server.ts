import { createServer, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A gateway gone wrong: every request answers 503 (`error`) or never answers (`hang`). */
export interface FaultServer {
  url: string;
  mode: 'error' | 'hang';
  close(): Promise<void>;
}

export async function startFaultServer(): Promise<FaultServer> {
  const hanging = new Set<ServerResponse>();
  const fault: FaultServer = {
    url: '',
    mode: 'error',
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    req.resume();
    if (fault.mode === 'hang') {
      hanging.add(res);
      return;
    }
    res.writeHead(503, { 'Content-Type': 'application/json' });
    res.end('{"error":"unavailable"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fault.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fault;
}
