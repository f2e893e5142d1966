import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import WebSocket, { WebSocketServer } from 'ws';
import {
  bufferedBytes,
  encodeTextFrame,
  frameJoiner,
  frameSocket,
  joinFrames,
  sendTextFrames,
} from '../src/modules/quotes/ws-frames.ts';

/** `ws`'s own framing (exported at runtime, not in its type declarations). */
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
};

/** What `ws` itself puts on the wire for a server text message. */
const wsFrame = (text: string) =>
  Buffer.concat(
    Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
  );

describe('encodeTextFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])('frames %i bytes as ws does', (n) => {
    const text = 'x'.repeat(n);
    const f = encodeTextFrame(text);
    expect(f.wire.equals(wsFrame(text))).toBe(true);
    expect(f.payload.toString()).toBe(text);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const text = JSON.stringify({ type: 'tick', symbol: '7203', name: 'トヨタ自動車'.repeat(8) });
    const f = encodeTextFrame(text);
    expect(Buffer.byteLength(text)).toBeGreaterThan(125);
    expect(text.length).toBeLessThan(126);
    expect(f.wire.equals(wsFrame(text))).toBe(true);
  });
});

describe('frameJoiner', () => {
  const [a, b, c] = ['{"a":1}', '{"b":22}', '{"c":333}'].map(encodeTextFrame);

  it('joins the wire bytes in order', () => {
    const join = frameJoiner();
    expect(join([a, b, c]).equals(Buffer.concat([a.wire, b.wire, c.wire]))).toBe(true);
    expect(join([a, b, c]).equals(joinFrames([a, b, c]))).toBe(true);
  });

  it('hands every caller with the same frames in the same order the same buffer', () => {
    const join = frameJoiner();
    const first = join([a, b, c]);
    expect(join([a, b, c])).toBe(first);
    // another order, a prefix, a frame with the same bytes but built again: each a sequence of its own
    const other = [join([b, a, c]), join([a, b]), join([a, b, encodeTextFrame('{"c":333}')])];
    for (const bytes of other) expect(bytes).not.toBe(first);
    expect(other[0].equals(Buffer.concat([b.wire, a.wire, c.wire]))).toBe(true);
    expect(other[1].equals(Buffer.concat([a.wire, b.wire]))).toBe(true);
    expect(other[2].equals(first)).toBe(true);
    expect(join([a, b])).toBe(other[1]);
  });

  it('joinFrames builds a new buffer every time', () => {
    expect(joinFrames([a, b])).not.toBe(joinFrames([a, b]));
  });
});

describe('sendTextFrames', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  /** A server and one connected client; `got` collects the client's messages. */
  async function pair(deflate = false) {
    const wss = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      perMessageDeflate: deflate ? { threshold: 0 } : false,
    });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const accepted = new Promise<WebSocket>((r) => wss.once('connection', (ws) => r(ws)));
    const port = (wss.address() as AddressInfo).port;
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: deflate });
    const got: string[] = [];
    client.on('message', (data, isBinary) => got.push(`${isBinary ? 'binary' : 'text'}:${data.toString()}`));
    await new Promise<void>((r) => client.once('open', () => r()));
    const server = await accepted;
    closers.push(() => {
      client.terminate();
      wss.close();
    });
    const received = async (n: number) => {
      for (let i = 0; i < 500 && got.length < n; i++) await new Promise((r) => setTimeout(r, 10));
      return got;
    };
    const tcp = (ws: WebSocket) => (ws as unknown as { _socket: Socket })._socket;
    /** Counts what goes through Node's stream of the server's socket. */
    const streamWrites: Buffer[] = [];
    const socket = tcp(server);
    const { write } = socket;
    socket.write = ((chunk: Buffer, ...rest: never[]) => {
      streamWrites.push(chunk);
      return write.call(socket, chunk, ...rest);
    }) as typeof socket.write;
    return { server, client, got, received, socket, clientSocket: tcp(client), streamWrites };
  }

  const frames = (...texts: string[]) => texts.map(encodeTextFrame);

  it('writes the prebuilt bytes to the connection itself, without the stream, several frames at once', async () => {
    const { server, received, streamWrites } = await pair();
    const out = frameSocket(server);
    expect(out.fd).toBeGreaterThanOrEqual(0);
    const list = frames('{"a":1}', '{"b":22}', '{"c":333}');
    const join = frameJoiner();
    expect(sendTextFrames(out, list, join)).toBe(3);
    expect(await received(3)).toEqual(['text:{"a":1}', 'text:{"b":22}', 'text:{"c":333}']);
    expect(sendTextFrames(out, frames('{"d":4}'))).toBe(1);
    expect((await received(4))[3]).toBe('text:{"d":4}');
    expect(streamWrites).toEqual([]);
    expect(bufferedBytes(out)).toBe(0);
  });

  it('keeps order when the kernel takes part of a write: the rest and what follows go through the stream', async () => {
    const { server, got, received, socket, clientSocket, streamWrites } = await pair();
    const out = frameSocket(server);
    clientSocket.pause(); // the client stops reading: the kernel's buffers fill
    const big = 'x'.repeat(64 * 1024);
    let n = 0;
    while (streamWrites.length === 0 && n < 1000) sendTextFrames(out, frames(`${n++}:${big}`));
    expect(streamWrites.length).toBe(1); // the part the kernel did not take
    expect(bufferedBytes(out)).toBeGreaterThan(0);
    expect(socket.writableLength).toBe(bufferedBytes(out));
    // while the stream holds bytes, later frames queue behind them
    sendTextFrames(out, frames(`${n++}:${big}`, `${n++}:tail`));
    expect(streamWrites.length).toBe(2);
    clientSocket.resume();
    await received(n);
    expect(got.map((m) => Number(m.slice(5, m.indexOf(':', 5))))).toEqual([...Array(n).keys()]);
    expect(got.slice(0, -1).every((m) => m.endsWith(big))).toBe(true);
    expect(got.at(-1)).toBe(`text:${n - 1}:tail`);
    // drained: direct writes resume
    for (let i = 0; i < 100 && bufferedBytes(out) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    sendTextFrames(out, frames('after'));
    expect(streamWrites.length).toBe(2);
    expect((await received(n + 1))[n]).toBe('text:after');
  });

  it('falls back to ws.send when permessage-deflate was negotiated', async () => {
    const { server, received } = await pair(true);
    expect(server.extensions).toContain('permessage-deflate');
    const out = frameSocket(server);
    expect(out.socket).toBeNull();
    expect(sendTextFrames(out, frames('one', 'two'))).toBe(0);
    expect(await received(2)).toEqual(['text:one', 'text:two']);
  });

  it('does not overtake a frame that ws still holds in its queue', async () => {
    const { server, received } = await pair();
    const out = frameSocket(server);
    // a Blob is read asynchronously: ws queues whatever is sent after it until then
    server.send(new Blob(['first']));
    expect(sendTextFrames(out, frames('second', 'third'))).toBe(0);
    expect(sendTextFrames(out, frames('fourth'))).toBe(0);
    expect(await received(4)).toEqual(['binary:first', 'text:second', 'text:third', 'text:fourth']);
    // once ws has written its queue, direct writes resume
    expect(sendTextFrames(out, frames('fifth'))).toBe(1);
    expect((await received(5))[4]).toBe('text:fifth');
  });

  it('writes nothing once the socket is destroyed, before its close event, and does not throw', async () => {
    const { server, socket, streamWrites } = await pair();
    const out = frameSocket(server);
    socket.destroy(); // the descriptor is closed now; its number may be handed to the next connection
    expect(sendTextFrames(out, frames('late'))).toBe(0);
    expect(streamWrites).toEqual([]);
    await new Promise((r) => server.once('close', r));
    expect(sendTextFrames(out, frames('later'))).toBe(0);
  });

  it('writes nothing after the close frame', async () => {
    const { server, client, got, streamWrites } = await pair();
    const out = frameSocket(server);
    const closed = new Promise((r) => client.once('close', r));
    server.close(1000);
    expect(sendTextFrames(out, frames('late'))).toBe(0);
    await closed;
    expect(got).toEqual([]);
    // only ws's close frame went out
    expect(Buffer.concat(streamWrites).includes('late')).toBe(false);
  });

  it('does not write raw server frames from a client-side socket (they must be masked)', async () => {
    const { client, server } = await pair();
    const got: string[] = [];
    server.on('message', (data) => got.push(data.toString()));
    const out = frameSocket(client);
    expect(out.socket).toBeNull();
    expect(sendTextFrames(out, frames('masked'))).toBe(0);
    for (let i = 0; i < 100 && got.length < 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(got).toEqual(['masked']);
  });
});
