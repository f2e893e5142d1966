// The load generator of bench/api, in a process of its own so that it does not share the server's event
// loop: runs autocannon with the options it is sent and sends back the summary.
import autocannon from 'autocannon';

process.once('message', async (opts) => {
  const r = await autocannon({ ...opts, setupClient: undefined });
  process.send?.({
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  });
  process.disconnect?.();
});
