/**
 * DNS over TCP (RFC 1035 4.2.2, RFC 7766): messages with a 2-byte length prefix, many on one
 * connection. The emulator shares one event loop with its HTTPS API, so a connection may not make
 * it buffer or work without bound (issue 27 items 2 and 3):
 * - answers wait in memory only up to `maxQueuedBytes`: past it the connection is not read (its
 *   queries wait in the client's own socket) until the client reads and the queue drains;
 * - queries read but not yet answered are held up to `maxInputBytes` (reading pauses too);
 * - queries are answered in turns after the I/O of each loop iteration: one query of each
 *   connection that has one, round and round, until `turnMs` of work is spent; the rest waits for
 *   the next iteration. So pipelined queries interleave with everything else (UDP, new
 *   connections, the API) and with each other;
 * - a connection without any traffic for `idleMs` is closed (RFC 7766 6.2.3: seconds, not minutes),
 *   which also ends one whose client never reads;
 * - at most `maxConnections` at once: a new one closes the connection idle the longest (RFC 7766
 *   6.2.3 lets a server close idle connections under pressure), so new clients still get through.
 */
import type net from "node:net";

export interface TcpLimits {
  idleMs: number;
  maxConnections: number;
  maxQueuedBytes: number;
  maxInputBytes: number;
  turnMs: number;
}

/** Largest DNS message a 2-byte length can frame. */
export const MAX_TCP_MESSAGE = 65_535;

export const TCP_LIMITS: TcpLimits = {
  idleMs: 10_000,
  maxConnections: 64,
  maxQueuedBytes: 64 * 1024,
  // Room for one whole largest message and the chunk that completed it.
  maxInputBytes: 2 * (2 + MAX_TCP_MESSAGE),
  turnMs: 2,
};

/** The answer to one message (undefined: none is sent), never throwing. */
export type Answerer = (message: Buffer) => Buffer | undefined;

/** The connections with a query to answer, served in turns (see above). */
class Turns {
  private ready = new Set<Connection>();
  private scheduled = false;

  constructor(
    private readonly turnMs: number,
    private readonly log: (line: string) => void,
  ) {}

  add(conn: Connection): void {
    this.ready.add(conn);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.turn());
    }
  }

  private turn(): void {
    this.scheduled = false;
    const started = performance.now();
    while (this.ready.size && performance.now() - started < this.turnMs) {
      for (const conn of [...this.ready]) {
        this.ready.delete(conn);
        let more = false;
        try {
          more = conn.step();
        } catch (err) {
          // Whatever goes wrong ends this connection, never the process.
          this.log(`DNS tcp connection closed: ${(err as Error).message}`);
          conn.sock.destroy();
        }
        if (more) this.ready.add(conn);
        if (performance.now() - started >= this.turnMs) break;
      }
    }
    if (this.ready.size && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.turn());
    }
  }
}

class Connection {
  lastActive = Date.now();
  private chunks: Buffer[] = [];
  private buffered = 0;
  private waitingDrain = false;

  constructor(
    readonly sock: net.Socket,
    private readonly answer: Answerer,
    private readonly limits: TcpLimits,
    private readonly turns: Turns,
  ) {}

  received(chunk: Buffer): void {
    this.lastActive = Date.now();
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.flow();
    this.turns.add(this);
  }

  /** Reads only while answers and queries both have room. */
  private flow(): void {
    if (this.waitingDrain || this.buffered >= this.limits.maxInputBytes) this.sock.pause();
    else this.sock.resume();
  }

  /** The next whole message, if the buffered bytes hold one. Copies only when one is complete. */
  private take(): Buffer | undefined {
    if (this.buffered < 2) return undefined;
    if (this.chunks[0].length < 2) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    const len = this.chunks[0].readUInt16BE(0);
    if (this.buffered < 2 + len) return undefined;
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
    const message = all.subarray(2, 2 + len);
    const rest = all.subarray(2 + len);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return message;
  }

  /** Answers one query if one is whole and the answers queued leave room; true when it may answer another now. */
  step(): boolean {
    if (this.waitingDrain || this.sock.destroyed) return false;
    if (this.sock.writableLength >= this.limits.maxQueuedBytes) {
      this.waitingDrain = true;
      this.sock.once("drain", () => {
        this.waitingDrain = false;
        this.lastActive = Date.now();
        this.flow();
        this.turns.add(this);
      });
      this.flow();
      return false;
    }
    const message = this.take();
    this.flow();
    if (!message) return false;
    const out = this.answer(message);
    if (out && out.length <= MAX_TCP_MESSAGE) {
      const head = Buffer.alloc(2);
      head.writeUInt16BE(out.length);
      this.sock.write(Buffer.concat([head, out]));
    }
    return true;
  }
}

/** Serves DNS over TCP on `server` (already listening or about to) with `limits`. */
export function serveTcp(server: net.Server, answer: Answerer, limits: TcpLimits, log: (line: string) => void): { closeAll(): void } {
  const open = new Map<net.Socket, Connection>();
  const turns = new Turns(limits.turnMs, log);
  server.on("error", (err) => log(`DNS tcp: ${err.message}`));
  server.on("connection", (sock) => {
    if (open.size >= limits.maxConnections) {
      let oldest: Connection | undefined;
      for (const c of open.values()) if (!oldest || c.lastActive < oldest.lastActive) oldest = c;
      oldest?.sock.destroy();
      if (oldest) open.delete(oldest.sock);
    }
    const conn = new Connection(sock, answer, limits, turns);
    open.set(sock, conn);
    sock.once("close", () => open.delete(sock));
    sock.on("error", () => sock.destroy());
    sock.setTimeout(limits.idleMs, () => sock.destroy());
    sock.on("data", (chunk: Buffer) => conn.received(chunk));
  });
  return {
    closeAll() {
      for (const s of open.keys()) s.destroy();
      open.clear();
    },
  };
}
