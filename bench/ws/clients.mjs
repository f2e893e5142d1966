// Child process of bench/ws/run.ts: opens N WebSocket clients and measures tick delay (receive time −
// the instant the bench wrote into the tick's `time`, in ms). Talks to the parent over IPC.
//
// This process is measurement apparatus sharing the 2 cores with the server, so it is kept cheap: raw
// `net` sockets and a minimal RFC 6455 client (handshake, masked client frames, frame reader), one read
// buffer shared by every socket, and one clock reading per socket read. It still reads every byte and
// every frame: each frame's header is parsed, a tick's `time` digits are read in place, and any other
// message (auth, snapshot, error, pong) is JSON.parsed. Server pings are answered with pongs.
//
//   node clients.mjs <ws url> <n> <app|bare> <token> <subscriptions JSON: string[][]; client i uses [i % length]>
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const [url, nText, mode, token, subsJson] = process.argv.slice(2);
const n = Number(nText);
/** @type {string[][]} */
const plans = JSON.parse(subsJson);
const target = new URL(url);
const port = Number(target.port);
const host = target.hostname;

const TICK_PREFIX = Buffer.from('{"type":"tick"');
const TIME_KEY = Buffer.from('"time":');
const HEADER_END = Buffer.from('\r\n\r\n');
const readBuffer = Buffer.allocUnsafe(256 * 1024);

const conns = [];
let delays = [];
let frames = 0;
let measuring = false;
let cpuAtStart = process.cpuUsage();
let wallAtStart = Date.now();

/** A masked client frame (text 0x1, close 0x8, pong 0xA). */
function clientFrame(opcode, payload) {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const len = body.length;
  const head = len < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(head + 4 + len);
  out[0] = 0x80 | opcode;
  if (len < 126) out[1] = 0x80 | len;
  else {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(len, 2);
  }
  const mask = randomBytes(4);
  mask.copy(out, head);
  for (let i = 0; i < len; i++) out[head + 4 + i] = body[i] ^ mask[i & 3];
  return out;
}

/** The digits after `"time":` inside [start, end), or NaN. */
function timeOf(buf, start, end) {
  let i = buf.indexOf(TIME_KEY, start);
  if (i < 0 || i >= end) return Number.NaN;
  i += TIME_KEY.length;
  let v = 0;
  let digits = 0;
  for (; i < end; i++) {
    const c = buf[i];
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48);
    digits++;
  }
  return digits ? v : Number.NaN;
}

function open(plan) {
  return new Promise((resolve) => {
    let settled = false;
    const done = (value) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const conn = { socket: null, handshaken: false, rest: null, closed: false };
    const sendText = (obj) => conn.socket.write(clientFrame(0x1, JSON.stringify(obj)));

    const onMessage = (text) => {
      const m = JSON.parse(text);
      if (m.type === 'auth') sendText({ op: 'sub', symbols: plan });
      else if (m.type === 'snapshot') done(conn);
    };

    /** Reads the frames in buf[start, end); returns where the first incomplete frame starts. */
    const readFrames = (buf, start, end, now) => {
      let p = start;
      while (end - p >= 2) {
        const b0 = buf[p];
        const b1 = buf[p + 1];
        if (b1 & 0x80) throw new Error('masked server frame');
        let len = b1 & 0x7f;
        let head = 2;
        if (len === 126) {
          if (end - p < 4) break;
          len = buf.readUInt16BE(p + 2);
          head = 4;
        } else if (len === 127) {
          if (end - p < 10) break;
          len = buf.readUInt32BE(p + 2) * 2 ** 32 + buf.readUInt32BE(p + 6);
          head = 10;
        }
        if (end - p < head + len) break;
        const s = p + head;
        const e = s + len;
        const opcode = b0 & 0x0f;
        if (opcode === 0x1) {
          frames++;
          if (
            len > TICK_PREFIX.length &&
            buf.compare(TICK_PREFIX, 0, TICK_PREFIX.length, s, s + TICK_PREFIX.length) === 0
          ) {
            const t = timeOf(buf, s, e);
            if (Number.isNaN(t)) throw new Error('tick without time');
            if (measuring) delays.push(now - t);
          } else onMessage(buf.toString('utf8', s, e));
        } else if (opcode === 0x9) conn.socket.write(clientFrame(0xa, buf.subarray(s, e)));
        else if (opcode === 0x8) {
          conn.closed = true;
          done(null);
        } else if (opcode !== 0xa) throw new Error(`unexpected opcode ${opcode}`);
        p = e;
      }
      return p;
    };

    const onBytes = (chunk) => {
      const now = Date.now();
      let buf = chunk;
      if (conn.rest) {
        buf = Buffer.concat([conn.rest, chunk]);
        conn.rest = null;
      }
      let start = 0;
      if (!conn.handshaken) {
        const at = buf.indexOf(HEADER_END);
        if (at < 0) {
          conn.rest = Buffer.from(buf);
          return;
        }
        const status = buf.toString('latin1', 0, Math.min(at, 64));
        if (!status.startsWith('HTTP/1.1 101')) {
          conn.socket.destroy();
          done(null);
          return;
        }
        conn.handshaken = true;
        start = at + HEADER_END.length;
        if (mode === 'app') sendText({ op: 'auth', token });
        else sendText({ op: 'sub', symbols: plan });
      }
      const stop = readFrames(buf, start, buf.length, now);
      // `chunk` lives in the shared read buffer: keep an incomplete frame's bytes in a copy
      if (stop < buf.length) conn.rest = Buffer.from(buf.subarray(stop));
    };

    const socket = net.connect({
      host,
      port,
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (nread, buf) => {
          try {
            onBytes(buf.subarray(0, nread));
          } catch (err) {
            process.stderr.write(`client: ${err.message}\n`);
            socket.destroy();
          }
          return true;
        },
      },
    });
    conn.socket = socket;
    socket.on('error', () => done(null));
    socket.on('close', () => {
      conn.closed = true;
      done(null);
    });
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
  });
}

async function main() {
  for (let i = 0; i < n; i += 250) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(250, n - i) }, (_, j) => open(plans[(i + j) % plans.length])),
    );
    for (const c of batch) if (c) conns.push(c);
  }
  process.send({ type: 'ready', connected: conns.length });
}

process.on('message', (m) => {
  if (m.type === 'measure') {
    delays = [];
    frames = 0;
    measuring = true;
    cpuAtStart = process.cpuUsage();
    wallAtStart = Date.now();
  } else if (m.type === 'report') {
    measuring = false;
    const cpu = process.cpuUsage(cpuAtStart);
    const wall = Date.now() - wallAtStart;
    delays.sort((a, b) => a - b);
    const p = (q) =>
      delays.length ? delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] : null;
    process.send({
      type: 'report',
      received: delays.length,
      frames,
      open: conns.filter((c) => !c.closed).length,
      cpu: (cpu.user + cpu.system) / 1000 / wall,
      p50: p(0.5),
      p99: p(0.99),
      max: delays.at(-1) ?? null,
    });
  } else if (m.type === 'close') {
    for (const c of conns) c.socket.destroy();
    setTimeout(() => process.exit(0), 200);
  }
});
main();
