// Child process of bench/ws/run.ts: opens N WebSocket clients and measures tick delay
// (receive time − the send time the bench writes into `time`, in ms). Talks to the parent over IPC.
import WebSocket from 'ws';

const [url, nText, mode, token] = process.argv.slice(2);
const n = Number(nText);
const sockets = [];
let delays = [];
let measuring = false;

function open() {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('error', () => resolve(null));
    ws.on('close', () => resolve(null));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'tick') {
        if (measuring) delays.push(Date.now() - m.time);
      } else if (m.type === 'auth') ws.send(JSON.stringify({ op: 'sub', symbols: ['7203'] }));
      else if (m.type === 'snapshot') resolve(ws);
    });
    ws.on('open', () => {
      if (mode === 'bare') resolve(ws);
      else ws.send(JSON.stringify({ op: 'auth', token }));
    });
  });
}

async function main() {
  for (let i = 0; i < n; i += 250) {
    const batch = await Promise.all(Array.from({ length: Math.min(250, n - i) }, open));
    for (const ws of batch) if (ws) sockets.push(ws);
  }
  process.send({ type: 'ready', connected: sockets.length });
}

process.on('message', (m) => {
  if (m.type === 'measure') {
    delays = [];
    measuring = true;
  } else if (m.type === 'report') {
    measuring = false;
    delays.sort((a, b) => a - b);
    const p = (q) =>
      delays.length ? delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] : null;
    process.send({
      type: 'report',
      received: delays.length,
      p50: p(0.5),
      p99: p(0.99),
      max: delays.at(-1) ?? null,
    });
  } else if (m.type === 'close') {
    for (const ws of sockets) ws.terminate();
    setTimeout(() => process.exit(0), 200);
  }
});
main();
