import { it } from 'vitest';
import { readMetrics } from '../support/metrics';
import { describeEachDatabase, useServerSuite } from './server-suite';

/** Without METRICS_TOKEN, /metrics is this machine's alone (issue 34): not public, nor through a reverse proxy. */
describeEachDatabase('GET /metrics without METRICS_TOKEN', (database) => {
  const suite = useServerSuite(database);

  it('answers a request straight from this machine and refuses one a proxy relays', async ({ expect }) => {
    expect((await readMetrics(suite.server.url)).value('inbox_stream_sockets')).toBeGreaterThanOrEqual(0);
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      const relayed = await fetch(`${suite.server.url}/metrics`, { headers });
      expect(relayed.status, JSON.stringify(headers)).toBe(403);
      expect(await relayed.json()).toEqual({ error: 'Metrics are served to this machine only: set METRICS_TOKEN to read them from elsewhere.' });
    }
  });
});
