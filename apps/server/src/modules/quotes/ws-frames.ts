import type { Duplex } from 'node:stream';
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
  _socket?: Duplex | null;
  _sender?: { _state?: unknown; _queue?: unknown; _firstFragment?: unknown } | null;
}

/**
 * The raw TCP socket of `ws` when writing prebuilt bytes to it is exactly what `ws.send` would do: the
 * socket is open and server-side (frames unmasked), no extension was negotiated (no permessage-deflate),
 * the Sender holds no queued frames and is not in the middle of a fragmented message, and the TCP
 * socket is writable. Otherwise null.
 */
function directSocket(ws: WebSocket): Duplex | null {
  if (ws.readyState !== OPEN) return null;
  const w = ws as unknown as WsInternals;
  if (w._isServer !== true) return null;
  const ext = w._extensions;
  if (typeof ext !== 'object' || ext === null) return null;
  for (const _ in ext) return null; // an extension was negotiated (checked without allocating)
  const sender = w._sender;
  if (!sender || sender._state !== SENDER_IDLE || sender._firstFragment !== true) return null;
  if (!Array.isArray(sender._queue) || sender._queue.length > 0) return null;
  const socket = w._socket;
  if (!socket?.writable || socket.destroyed) return null;
  return socket;
}

/**
 * Sends prebuilt text frames to one socket, in order. Where writing to the TCP socket directly is safe
 * (see `directSocket`), all of them go in one write: the one frame's bytes, or several frames' bytes
 * joined by `join`. Otherwise each goes through `ws.send`, and `directSocket` is asked again before
 * every frame, so nothing overtakes a frame `ws` queued. Returns how many frames went out directly.
 */
export function sendTextFrames(
  ws: WebSocket,
  frames: readonly TextFrame[],
  join: FrameJoin = joinFrames,
): number {
  if (frames.length === 0 || ws.readyState !== OPEN) return 0;
  const socket = directSocket(ws);
  if (socket) {
    socket.write(frames.length === 1 ? frames[0].wire : join(frames));
    return frames.length;
  }
  let direct = 0;
  for (const frame of frames) {
    const live = directSocket(ws);
    if (live) {
      live.write(frame.wire);
      direct++;
    } else if (ws.readyState === OPEN) {
      ws.send(frame.payload, { binary: false });
    }
  }
  return direct;
}
