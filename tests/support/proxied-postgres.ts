import { freshPostgresUrl } from './databases';
import { tcpProxy } from './tcp-proxy';

/**
 * A fresh database on the real Postgres server, reached through a TCP forwarder the test can
 * cut, restore, freeze and thaw: `url` goes through the forwarder, `directUrl` does not.
 */
export async function proxiedPostgres() {
  const database = await freshPostgresUrl();
  const direct = new URL(database.url);
  const proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return {
    url: proxied.toString(),
    directUrl: database.url,
    proxy,
    /** Closes the forwarder and drops the database. */
    async dispose() {
      await proxy.close();
      await database.drop();
    },
  };
}
