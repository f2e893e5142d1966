import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Prebuilt WebSocket text frames for fan-out. A tick goes to thousands of sockets; `ws.send` frames it
 * again for every one (header buffer, length, a two-part corked write). Here the complete wire frame
 * (RFC 6455: FIN + text opcode, payload length, the payload; unmasked, as a server sends it, and not
 * compressed) is built once per tick and the same bytes are written to every socket.
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
  if (typeof ext !== 'object' || ext === null || Object.keys(ext).length > 0) return null;
  const sender = w._sender;
  if (!sender || sender._state !== SENDER_IDLE || sender._firstFragment !== true) return null;
  if (!Array.isArray(sender._queue) || sender._queue.length > 0) return null;
  const socket = w._socket;
  if (!socket?.writable || socket.destroyed) return null;
  return socket;
}

/**
 * Sends `count` prebuilt text frames to one socket, in order: their wire bytes straight to the TCP
 * socket where that is safe (see `directSocket`, checked before every frame so nothing overtakes a frame
 * `ws` queued), else through `ws.send`. Several frames are corked so they leave in one write.
 * Returns how many frames went out directly.
 */
export function sendTextFrames(ws: WebSocket, frames: Iterable<TextFrame>, count: number): number {
  if (count === 0 || ws.readyState !== OPEN) return 0;
  const corked = count > 1 ? directSocket(ws) : null;
  corked?.cork();
  let direct = 0;
  try {
    for (const frame of frames) {
      const socket = directSocket(ws);
      if (socket) {
        socket.write(frame.wire);
        direct++;
      } else if (ws.readyState === OPEN) {
        ws.send(frame.payload, { binary: false });
      }
    }
  } finally {
    corked?.uncork();
  }
  return direct;
}
