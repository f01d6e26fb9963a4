/**
 * acme-client's transport with readable failures. Its axios response interceptor (acme-client 5.4,
 * src/axios.js) reads `response.config` of every failed request it does not retry; a request that
 * got no answer at all (connection refused, TLS failure, timeout) has no response, and retries are
 * off here (resources/acme-certificate/issue.ts), so users saw "Cannot read properties of undefined
 * (reading 'config')". This adapter turns such failures into errors naming the ACME directory and
 * the cause; they carry no `config`, which that interceptor passes on untouched. A directory reply
 * that is not an ACME directory (an HTML page, a proxy's answer) is refused the same way, instead of
 * acme-client's "Unable to locate API resource URL".
 */
import axios, { type AxiosAdapter, type AxiosError, type AxiosResponse } from "axios";
import type { TlsFailureReason } from "../../sdk/core/errors";
import { tlsFailureReason } from "../../sdk/core/transport";

/** A TLS refusal (the sdk's one classification, sdk/core/transport.ts) in words, with what to do for an ACME CA. */
const TLS_WORDS: Record<TlsFailureReason, string> = {
  untrustedCertificate: "its TLS certificate is not issued by a trusted CA (a private or test CA: give its PEM as directoryCaCert)",
  expiredCertificate: "its TLS certificate has expired (check this machine's clock too)",
  certificateNotYetValid: "its TLS certificate is not valid yet (check this machine's clock)",
  hostnameMismatch: "its TLS certificate is for another host name",
  tlsHandshake: "the TLS handshake failed (is it an https server?)",
};

/** Node's codes of a request that got no answer, in words. */
const NET_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ETIMEDOUT: "timed out",
  ECONNABORTED: "timed out",
  ECONNRESET: "connection closed by the server",
  EPIPE: "connection closed by the server",
};

/** A failure without an answer as one line: the cause in words, then Node's code and message. */
export function networkCause(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  const tls = tlsFailureReason(code, err);
  const words = tls ? TLS_WORDS[tls] : ((code && NET_WORDS[code]) ?? "no answer");
  // Node's hint after "; " (run Node with --use-system-ca) is not the way here: directoryCaCert is.
  const detail = (e.message ?? String(err)).split("; if the root CA")[0].replace(/\s+/g, " ").slice(0, 200);
  return `${words} (${code ? `${code}: ` : ""}${detail})`;
}

/** True when `data` (raw or parsed) is an ACME directory (RFC 8555 7.1.1: newNonce, newAccount, newOrder URLs). */
function isDirectory(data: unknown): boolean {
  let d = data;
  if (typeof d === "string") {
    try {
      d = JSON.parse(d);
    } catch {
      return false;
    }
  }
  const o = d as Record<string, unknown> | null;
  return !!o && typeof o === "object" && ["newNonce", "newAccount", "newOrder"].every((k) => typeof o[k] === "string");
}

/** What a non-directory reply was, for the error: its status and content type. */
function replyKind(res: AxiosResponse): string {
  // The server's text: shown only when it is a plain media type (it must not become markup or a line break).
  const type = String(res.headers?.["content-type"] ?? "")
    .split(";")[0]
    .trim();
  return `HTTP ${res.status}, ${/^[\w.+-]{1,64}\/[\w.+-]{1,64}$/.test(type) ? type : type ? "an unreadable content type" : "no content type"}`;
}

/** The adapter acme-client's axios uses for the ACME server at `directoryUrl`. */
export function acmeTransport(directoryUrl: string): AxiosAdapter {
  // axios is a dependency of ours in acme-client's range (package.json), so npm installs one copy and
  // the plugin's bundle (scripts/plugin-archive.ts) carries it: resolving acme-client's own copy at
  // run time found no file inside the bundle.
  const http = axios.getAdapter("http");
  const where = (url: string | undefined) =>
    url && url !== directoryUrl ? `the ACME server of ${directoryUrl} (${url})` : `the ACME directory ${directoryUrl}`;
  return async (config) => {
    const isDirectoryRead = config.url === directoryUrl && (config.method ?? "get").toLowerCase() === "get";
    let res: AxiosResponse;
    try {
      res = await http(config);
    } catch (err) {
      const response = (err as AxiosError).response;
      if (!response) throw new Error(`${where(config.url)} could not be reached: ${networkCause(err)}`);
      // acme-client has every answer rejected here and judges the status itself (its interceptor).
      if (isDirectoryRead && response.status >= 200 && response.status < 300 && !isDirectory(response.data))
        throw new Error(`${where(config.url)} did not answer with an ACME directory (${replyKind(response)}): check directoryUrl`);
      throw err;
    }
    if (isDirectoryRead && !isDirectory(res.data))
      throw new Error(`${where(config.url)} did not answer with an ACME directory (${replyKind(res)}): check directoryUrl`);
    return res;
  };
}
