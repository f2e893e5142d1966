import { writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * Prebuilt WebSocket text frames for fan-out. A tick goes to thousands of sockets; `ws.send` frames it
 * again for every one (header buffer, length, a two-part corked write). Here the complete wire frame
 * (RFC 6455: FIN + text opcode, payload length, the payload; unmasked, as a server sends it, and not
 * compressed) is built once per tick and the same bytes are written to every socket. A socket that is
 * owed several frames gets them as one buffer in one write, and sockets owed the same frames share that
 * buffer (`frameJoiner`).
 */
export interface TextFrame {
  /** The message's UTF-8 bytes (a view into `wire`): what `ws.send` gets when a socket must fall back. */
  readonly payload: Buffer;
  /** Header + payload, ready for the TCP socket. */
  readonly wire: Buffer;
}

/** Builds the unmasked, uncompressed, single-fragment server text frame of `text`. */
export function encodeTextFrame(text: string): TextFrame {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(header + length);
  wire[0] = 0x81; // FIN, opcode 1 (text), no RSV bits
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    wire.writeUInt32BE(length >>> 0, 6);
  }
  wire.write(text, header, 'utf8');
  return { payload: wire.subarray(header), wire };
}

/** The wire bytes of several frames, in order, as one buffer. */
export type FrameJoin = (frames: readonly TextFrame[]) => Buffer;

/** Joins without remembering: a new buffer every time. */
export const joinFrames: FrameJoin = (frames) => Buffer.concat(frames.map((f) => f.wire));

/** One sequence of frames in `frameJoiner`'s tree: its joined bytes once built, and its continuations. */
interface JoinNode {
  bytes: Buffer | null;
  next: Map<TextFrame, JoinNode>;
}

/**
 * A join that builds the buffer of each distinct sequence of frames once and hands the same buffer to
 * every later caller with that sequence (the same frame objects in the same order). In one round of
 * ticks every client on the same screen is owed the same frames: thousands of writes, one buffer. The
 * sequences are looked up frame by frame in a tree, so a lookup allocates nothing. Use one per round:
 * it keeps every buffer it built.
 */
export function frameJoiner(): FrameJoin {
  const root: JoinNode = { bytes: null, next: new Map() };
  return (frames) => {
    let node = root;
    for (const frame of frames) {
      let child = node.next.get(frame);
      if (!child) {
        child = { bytes: null, next: new Map() };
        node.next.set(frame, child);
      }
      node = child;
    }
    node.bytes ??= joinFrames(frames);
    return node.bytes;
  };
}

const OPEN = 1;
/** `ws`'s Sender state when it is not deflating or reading a Blob. */
const SENDER_IDLE = 0;

/** The parts of a `ws` WebSocket (8.x) the direct write depends on; any of them missing means fall back. */
interface WsInternals {
  _isServer?: unknown;
  _extensions?: unknown;
  _socket?: (Socket & { _handle?: { fd?: unknown } | null }) | null;
  _sender?: Sender | null;
}

interface Sender {
  _state?: unknown;
  _queue?: unknown;
  _firstFragment?: unknown;
}

/**
 * A WebSocket as the fan-out writes to it. Where prebuilt frames may go to the connection as they are
 * (decided once, when the socket is taken on: server-side, so frames are unmasked; no extension
 * negotiated, so no permessage-deflate; a TCP socket with a descriptor), `socket`, `sender` and `fd`
 * are set and frames are written to the descriptor with one `write(2)`, as `ws` itself would put them
 * on the wire but without Node's stream machinery per socket. Otherwise `socket` is null and every frame
 * goes through `ws.send`.
 */
export interface FrameSocket {
  readonly ws: WebSocket;
  readonly socket: Socket | null;
  readonly sender: Sender | null;
  /** The TCP socket's descriptor; -1 when `socket` is null. */
  readonly fd: number;
}

/** Takes `ws` on for fan-out (see `FrameSocket`). Call it once the handshake is done. */
export function frameSocket(ws: WebSocket): FrameSocket {
  const w = ws as unknown as WsInternals;
  const socket = w._socket;
  const fd = socket?._handle?.fd;
  const ext = w._extensions;
  const direct =
    w._isServer === true &&
    typeof ext === 'object' &&
    ext !== null &&
    Object.keys(ext).length === 0 &&
    !!w._sender &&
    Array.isArray(w._sender._queue) &&
    typeof fd === 'number' &&
    fd >= 0;
  return direct
    ? { ws, socket: socket as Socket, sender: w._sender as Sender, fd: fd as number }
    : { ws, socket: null, sender: null, fd: -1 };
}

/** Bytes written to `t` that have not reached the kernel yet: what a slow reader holds up. */
export function bufferedBytes(t: FrameSocket): number {
  return t.socket ? t.socket.writableLength : t.ws.bufferedAmount;
}

/**
 * Sends prebuilt text frames to one socket, in order; returns how many went out as prebuilt bytes (the
 * rest, if any, through `ws.send`). On the direct path (see `FrameSocket`) all of them go in one write:
 * the one frame's bytes, or several frames' bytes joined by `join`. Before each write it makes sure the
 * bytes cannot overtake or interleave with anything:
 *
 * - the WebSocket is open (after a close frame nothing may follow);
 * - the TCP socket is still writable: it was not destroyed (its descriptor is closed then, and its number
 *   may already belong to another connection) nor ended;
 * - `ws`'s Sender holds no frame of its own (it queues while it reads a Blob) and is not in the middle
 *   of a fragmented message: otherwise each frame goes through `ws.send`, behind what it holds;
 * - Node's stream holds no bytes: otherwise the write goes through the stream, behind them.
 *
 * The kernel may take part of a write (its buffer for the socket is full): the rest goes through the
 * stream, so it keeps its place, and later writes wait behind it by the last rule. A failed write
 * (the peer reset the connection) also goes through the stream, which meets the error and closes the
 * socket as it would for any write.
 */
export function sendTextFrames(
  t: FrameSocket,
  frames: readonly TextFrame[],
  join: FrameJoin = joinFrames,
): number {
  const { ws, socket, sender } = t;
  if (frames.length === 0 || ws.readyState !== OPEN) return 0;
  if (socket === null || sender === null) {
    for (const frame of frames) ws.send(frame.payload, { binary: false });
    return 0;
  }
  if (!socket.writable) return 0;
  if (
    sender._state !== SENDER_IDLE ||
    sender._firstFragment !== true ||
    (sender._queue as unknown[]).length > 0
  ) {
    for (const frame of frames) ws.send(frame.payload, { binary: false });
    return 0;
  }
  const bytes = frames.length === 1 ? frames[0].wire : join(frames);
  if (socket.writableLength > 0) {
    socket.write(bytes);
    return frames.length;
  }
  let written = 0;
  try {
    written = writeSync(t.fd, bytes);
  } catch {
    // EAGAIN: the kernel's buffer is full; anything else: the stream meets it below
  }
  if (written < bytes.length) socket.write(written === 0 ? bytes : bytes.subarray(written));
  return frames.length;
}
