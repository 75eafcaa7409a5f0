import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A slow network in front of the Shopify emulator: every request is forwarded after `delayMs`.
 * The reliability tests use it to keep webhook read-backs in flight long enough to kill the
 * server under them; the server only sees a Shopify that answers slowly.
 */
export interface Gateway {
  /** `SHOPIFY_SHOP_URL` through the gateway. */
  shopUrlTemplate: string;
  delayMs: number;
  close(): Promise<void>;
}

export async function startGateway(target: string, delayMs: number): Promise<Gateway> {
  const to = new URL(target);
  const gateway: Gateway = { shopUrlTemplate: '', delayMs, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const out = request(
          { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        out.on('error', () => {
          res.writeHead(502);
          res.end();
        });
        out.end(Buffer.concat(chunks));
      }, gateway.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gateway.shopUrlTemplate = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{shop}`;
  gateway.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return gateway;
}
