import { connect, createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test } from '../e2e/fixtures';
import { type Attack, attackTest } from './attackTable';
import { IDP } from '../e2e/support';

/**
 * Attacks: the dev stack's own servers, which hold what only this machine may use.
 * The rows' table and shared helpers: attackTable.ts.
 */

/** Whether something accepts a connection on `host` at `port`. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

const DEV_STACK: Attack[] = [
  {
    name: 'N7: the dev identity provider (whose signing keys are public) answers on this machine only, not on its other addresses',
    async run() {
      const port = Number(new URL(IDP).port);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      // This machine's other addresses: another loopback one (Linux routes all of 127.0.0.0/8
      // here; other systems may not) and those of its network interfaces. Only those where a
      // server listening on every address answers count: a check that reached nothing would
      // pass whatever the identity provider listens on.
      const candidates = [
        '127.0.0.2',
        ...Object.values(networkInterfaces())
          .flat()
          .filter((address) => address && !address.internal && address.family === 'IPv4')
          .map((address) => address!.address),
      ];
      const everywhere = createServer().listen(0, '0.0.0.0');
      await new Promise((resolve) => everywhere.once('listening', resolve));
      const control = (everywhere.address() as AddressInfo).port;
      const reachable: string[] = [];
      for (const host of candidates) if (await accepts(host, control)) reachable.push(host);
      everywhere.close();
      expect(reachable.length, `no other address of this machine reaches a server on all of them (tried ${candidates.join(', ')})`).toBeGreaterThan(
        0,
      );
      for (const host of reachable) expect(await accepts(host, port), host).toBe(false);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('the dev stack’s servers', () => DEV_STACK.forEach((attack) => test(attack.name, attackTest(attack))));
