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
import { dirname } from "node:path";
import type { AxiosAdapter, AxiosError, AxiosResponse, AxiosStatic } from "axios";

/** The axios acme-client itself loads (not a dependency of ours: the same copy, whatever npm hoists). */
function acmeAxios(): AxiosStatic {
  const path = require.resolve("axios", { paths: [dirname(require.resolve("acme-client"))] });
  const mod = require(path) as AxiosStatic & { default?: AxiosStatic };
  return mod.default ?? mod;
}

/** Node's and OpenSSL's error codes of a request that got no answer, in words. */
const CAUSES: [RegExp, string][] = [
  [/^ECONNREFUSED$/, "connection refused"],
  [/^(ENOTFOUND|EAI_AGAIN)$/, "host not found"],
  [/^(ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT)$/, "timed out"],
  [/^(ECONNRESET|EPIPE)$/, "connection closed by the server"],
  [
    /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_(HAS_EXPIRED|NOT_YET_VALID|UNTRUSTED)|ERR_TLS_CERT_ALTNAME_INVALID)$/,
    "its TLS certificate is not trusted (a private or test CA: give its PEM as directoryCaCert)",
  ],
  [/^(EPROTO|ERR_SSL_.*)$/, "the TLS handshake failed (is it an https server?)"],
];

/** A failure without an answer as one line: the cause in words, then Node's code and message. */
export function networkCause(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? "";
  const words = CAUSES.find(([re]) => re.test(code))?.[1] ?? "no answer";
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
  const type = String(res.headers?.["content-type"] ?? "no content type").split(";")[0];
  return `HTTP ${res.status}, ${type}`;
}

/** The adapter acme-client's axios uses for the ACME server at `directoryUrl`. */
export function acmeTransport(directoryUrl: string): AxiosAdapter {
  const http = acmeAxios().getAdapter("http");
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
