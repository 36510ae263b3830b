import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How much of a request body the server still reads after answering before the body was read (a 413, 415, 429,
 * 503, 400...), so the client, still sending, is not reset before it reads the answer. The same idea as nginx's
 * lingering close; past the time bound the connection is cut, past the byte bound a moment later (CUT_GRACE_MS).
 */
export interface DrainBounds {
  /** Body bytes read and thrown away after the answer; a declared body larger than this is not waited for. */
  maxBytes: number;
  /** Time from the answer to the end of reading. */
  maxMs: number;
}

/** nginx reads for up to 30 s (lingering_time); a client that reads while it sends has the answer long before. */
export const DRAIN_MAX_MS = 10_000;

/**
 * Past the byte bound, reading stops and the connection is cut this much later: a client that reads while it
 * sends (curl, Node's fetch) takes the answer and goes in that time. Cut at once, a busy machine's client could
 * still be sending when the reset came, and lose the answer in its receive buffer (curl: "Send failure").
 */
const CUT_GRACE_MS = 1_000;

/**
 * Every answer that goes out while the request body is still arriving keeps reading the body, within `bounds`:
 * - a declared body within `maxBytes` is read to its end and the connection stays open for the next request;
 * - a larger or chunked body gets `Connection: close`: the answer, then the end of our sending side, then the
 *   body is read until it ends or a bound is reached, and only then is the socket closed.
 * Closing with unread bytes makes the kernel reset the connection, and a client still writing (Node's fetch,
 * scripts) then loses the answer it was about to read, seeing EPIPE or ECONNRESET instead.
 */
export function installEarlyAnswers(app: FastifyInstance, bounds: DrainBounds): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const incoming = request.raw;
    const socket: unknown = incoming.socket;
    // Not a network socket (`inject` in tests): nothing is sent over a wire, nothing to drain.
    if (!(socket instanceof Socket) || socket.destroyed) return payload;
    if (incoming.complete || incoming.readableEnded || draining.has(incoming)) return payload;
    draining.add(incoming);
    const declared = Number(incoming.headers['content-length']);
    const reusable = incoming.headers['content-length'] !== undefined && declared <= bounds.maxBytes;
    if (!reusable) void reply.header('connection', 'close');
    drain(incoming, reply.raw, socket, bounds, !reusable, () => !app.server.listening);
    return payload;
  });
}

const draining = new WeakSet<IncomingMessage>();

function drain(
  incoming: IncomingMessage,
  response: ServerResponse,
  socket: Socket,
  bounds: DrainBounds,
  closeAfter: boolean,
  shuttingDown: () => boolean,
): void {
  let bodyEnded = false;
  let answerSent = false;
  let readBytes = 0;
  let grace: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    clearTimeout(grace);
    socket.off('close', stop);
  };
  const cut = () => {
    stop();
    socket.destroy();
  };
  const timer = setTimeout(cut, bounds.maxMs);
  timer.unref();
  socket.once('close', stop);

  const nodeDestroySoon = socket.destroySoon.bind(socket);
  // Both halves done (the answer out, the body read): closing now resets nothing. A kept connection is closed
  // too when the server is shutting down: it was busy when the server closed its idle ones, and is idle now.
  const closeWhenDone = () => {
    if (bodyEnded && answerSent && (closeAfter || shuttingDown())) nodeDestroySoon();
  };
  response.once('finish', () => {
    answerSent = true;
    closeWhenDone();
  });
  if (closeAfter) {
    // Node ends a `Connection: close` answer with destroySoon(): our side ends, then the socket is destroyed as
    // soon as the answer is flushed, unread body and all. This socket ends its sending side and waits instead.
    socket.destroySoon = () => {
      if (socket.writable) socket.end();
      closeWhenDone();
    };
  }

  // A parser (multipart) that gave up may still be attached: the body now goes nowhere but here.
  incoming.unpipe();
  incoming.on('data', (chunk: Buffer) => {
    readBytes += chunk.length;
    if (readBytes <= bounds.maxBytes || grace) return;
    // The client's sending now waits on a full buffer, with the answer there to read.
    incoming.pause();
    grace = setTimeout(cut, Math.min(CUT_GRACE_MS, bounds.maxMs));
    grace.unref();
  });
  incoming.once('end', () => {
    bodyEnded = true;
    stop();
    closeWhenDone();
  });
  incoming.resume();
}
