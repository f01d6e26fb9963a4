/**
 * The emulator's authoritative DNS listener: UDP and TCP on one port (loopback by default), the
 * wire format by dns-packet, the answers by answer.ts from the emulator's current state. So a real
 * ACME server (pebble `-dnsserver`) or any resolver can check the zones offline.
 * Per RFC 1035/6891: one question per query (FORMERR otherwise), opcode QUERY only (NOTIMP), class
 * IN only (REFUSED); UDP answers larger than 512 bytes, or the size the query's EDNS OPT offers
 * (capped at 1232), are sent truncated (TC) so the asker retries over TCP; TCP messages carry a
 * 2-byte length and a connection may ask many questions (tcp.ts, with its limits). An answer too
 * large even for TCP (over 65,535 bytes: hundreds of long TXT records at one name) is sent truncated
 * too (TC, no records), as RFC 1035 4.1.1 defines TC. Nothing a peer sends can end the process:
 * every handler is guarded, and a failure answers SERVFAIL.
 * Query names are logged escaped (sdk/core/printable.ts): they are the peer's bytes.
 */
import dgram from "node:dgram";
import net from "node:net";
import dnsPacket, { type Answer, type Packet } from "dns-packet";
import { printable } from "../../sdk/core/printable";
import type { World } from "../core/state";
import { answer } from "./answer";
import { MAX_TCP_MESSAGE, serveTcp, TCP_LIMITS, type TcpLimits } from "./tcp";

const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
type RcodeName = keyof typeof RCODE;
/** Largest UDP answer when the query offers more by EDNS (the DNS flag day 2020 figure). */
const EDNS_MAX = 1232;
/** Longest name on the wire (RFC 1035 2.3.4) and longest label. */
const MAX_NAME_BYTES = 255;
const MAX_LABEL_BYTES = 63;

export interface DnsListener {
  port: number;
  host: string;
  close(): Promise<void>;
}

type DecodedPacket = Packet & { opcode?: string; flag_rd?: boolean };

function reply(query: DecodedPacket, rcode: RcodeName, body: { aa?: boolean; answers?: Answer[]; authorities?: Answer[] }, edns: boolean): Packet {
  const flags = (body.aa ? dnsPacket.AUTHORITATIVE_ANSWER : 0) | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0) | RCODE[rcode];
  return {
    type: "response",
    id: query.id ?? 0,
    flags,
    questions: query.questions ?? [],
    answers: body.answers ?? [],
    authorities: body.authorities ?? [],
    additionals: edns ? [{ type: "OPT", name: ".", udpPayloadSize: EDNS_MAX, flags: 0, options: [] } as unknown as Answer] : [],
  };
}

/**
 * Whether `name` (as dns-packet decoded it) encodes back within the wire limits: bytes that are not
 * UTF-8 decode to U+FFFD, three bytes each, so a 63-byte label can come back as 189.
 */
function encodable(name: string): boolean {
  const labels = name.replace(/\.$/, "").split(".");
  return labels.every((l) => Buffer.byteLength(l) <= MAX_LABEL_BYTES) && labels.reduce((n, l) => n + Buffer.byteLength(l) + 1, 1) <= MAX_NAME_BYTES;
}

/** Records a query may carry besides its question (an EDNS OPT, a TSIG, a few more); past it FORMERR, undecoded. */
const MAX_EXTRA_RECORDS = 4;

/**
 * The response to one query message, or undefined when it is not worth an answer (shorter than a
 * header, a response). The header is checked before dns-packet decodes the rest, so a message that
 * cannot be a supported query costs nothing to refuse: a 64 KB TCP message holds 10,000 questions,
 * which take dns-packet some 80 ms to decode.
 */
export function respond(world: World, message: Buffer, udp: boolean, log: (line: string) => void): Buffer | undefined {
  if (message.length < 12 || message[2] & 0x80) return undefined;
  const bare = (rcode: RcodeName) =>
    dnsPacket.encode(reply({ id: message.readUInt16BE(0), questions: [], flag_rd: (message[2] & 1) === 1 } as DecodedPacket, rcode, {}, false));
  if ((message[2] >> 3) & 0x0f) return bare("NOTIMP");
  const extra = message.readUInt16BE(6) + message.readUInt16BE(8) + message.readUInt16BE(10);
  if (message.readUInt16BE(4) !== 1 || extra > MAX_EXTRA_RECORDS) return bare("FORMERR");
  let query: DecodedPacket;
  try {
    query = dnsPacket.decode(message) as DecodedPacket;
  } catch {
    // Undecodable past the header: FORMERR with the query's id, no question echoed.
    return bare("FORMERR");
  }
  const opt = (query.additionals ?? []).find((a) => a.type === "OPT") as { udpPayloadSize?: number } | undefined;
  const edns = opt !== undefined;
  let packet: Packet;
  const q = query.questions?.[0];
  if (!q || (query.questions?.length ?? 0) !== 1 || !encodable(String(q.name))) packet = reply({ ...query, questions: [] }, "FORMERR", {}, edns);
  else if ((q.class ?? "IN") !== "IN") packet = reply(query, "REFUSED", {}, edns);
  else {
    const result = answer(world, q.name, String(q.type).toUpperCase());
    log(`DNS ${udp ? "udp" : "tcp"} ${printable(q.name)} ${printable(String(q.type))} -> ${result.rcode} (${result.answers.length} answers)`);
    packet = reply(query, result.rcode, { aa: result.authoritative, answers: result.answers, authorities: result.authorities }, edns);
  }
  const limit = !udp ? MAX_TCP_MESSAGE : edns ? Math.min(Math.max(opt?.udpPayloadSize ?? 512, 512), EDNS_MAX) : 512;
  const truncate = () => {
    packet.flags = (packet.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE;
    packet.answers = [];
    packet.authorities = [];
  };
  // Measured before it is written: an answer too large is not encoded only to be dropped.
  if (dnsPacket.encodingLength(packet) > limit) truncate();
  const out = dnsPacket.encode(packet);
  if (out.length <= limit) return out;
  truncate();
  return dnsPacket.encode(packet);
}

/**
 * Listens on `host`:`port` for UDP and TCP (port 0: one free port for both, retried a few times in
 * case TCP finds the UDP port taken). `world` is read at every query, so answers follow the state.
 */
export async function listenDns(host: string, port: number, world: () => World, log: (line: string, error: boolean) => void): Promise<DnsListener> {
  const family = net.isIP(host) === 6 ? "udp6" : "udp4";
  for (let attempt = 0; ; attempt++) {
    const udp = dgram.createSocket({ type: family });
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(port, host, () => {
        udp.off("error", reject);
        resolve();
      });
    });
    const chosen = udp.address().port;
    const tcp = net.createServer();
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once("error", reject);
        tcp.listen(chosen, host, () => {
          tcp.off("error", reject);
          resolve();
        });
      });
    } catch (err) {
      udp.close();
      if (port === 0 && (err as NodeJS.ErrnoException).code === "EADDRINUSE" && attempt < 5) continue;
      throw err;
    }
    return serve(udp, tcp, host, chosen, world, log, TCP_LIMITS);
  }
}

function serve(
  udp: dgram.Socket,
  tcp: net.Server,
  host: string,
  port: number,
  world: () => World,
  log: (line: string, error: boolean) => void,
  limits: TcpLimits,
): DnsListener {
  const quiet = (line: string) => log(line, false);
  const guarded = (message: Buffer, isUdp: boolean): Buffer | undefined => {
    try {
      return respond(world(), message, isUdp, quiet);
    } catch (err) {
      log(`DNS error: ${printable(String((err as Error).stack ?? err))}`, true);
      return message.length >= 12 ? dnsPacket.encode(reply({ id: message.readUInt16BE(0), questions: [] } as DecodedPacket, "SERVFAIL", {}, false)) : undefined;
    }
  };
  udp.on("error", (err) => log(`DNS udp: ${err.message}`, true));
  udp.on("message", (msg, rinfo) => {
    const out = guarded(msg, true);
    // A send that fails (the asker gone, a full buffer) is the asker's loss: reported, never thrown.
    if (out) udp.send(out, rinfo.port, rinfo.address, (err) => err && quiet(`DNS udp send: ${err.message}`));
  });
  const conns = serveTcp(tcp, (message) => guarded(message, false), limits, quiet);
  return {
    port,
    host,
    async close() {
      conns.closeAll();
      await Promise.all([new Promise<void>((r) => udp.close(() => r())), new Promise<void>((r) => tcp.close(() => r()))]);
    },
  };
}
