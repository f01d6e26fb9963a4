/**
 * A loopback server in the layout of GitHub release downloads
 * (`/<owner>/<repo>/releases/download/v<version>/<asset>`), serving the plugin archives of a
 * directory, for the engine's automatic plugin download. The schema's pluginDownloadURL
 * (github://api.github.com/pulumi-dondominio/pulumi-dondominio) is pointed at it with
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, whose regular expression Pulumi 3.250 matches against the
 * plugin's source URL (workspace/plugins.go GetSource); the engine then asks
 * `<url>/pulumi-resource-dondominio-v<version>-<os>-<arch>.tar.gz`.
 *
 * HTTPS with HTTP/2, as GitHub serves releases (its certificate from a CA of the test's own: the
 * engine is given it as SSL_CERT_FILE), or plain HTTP/1.1 (`plain: true`). The transport matters
 * to Pulumi 3.250: its downloader refuses a body without Content-Length, and its checksum reader
 * leaves out the bytes of a read that also reports the end of the body, which Go's HTTP/1.1 client
 * does on the last read of every Content-Length body (so over HTTP/1.1 even the right checksum is
 * refused); Go's HTTP/2 client reports the end on a read of its own.
 */
import { readFileSync, existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { constants as h2, createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { loadOrCreateCa } from "../../emulator/core/ca";

export const RELEASES = "github://api.github.com/pulumi-dondominio/pulumi-dondominio";
const PREFIX = "/pulumi-dondominio/pulumi-dondominio/releases/download/";

export interface ReleaseServer {
  url: string;
  /** The value of PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES that sends the releases' source here. */
  overrides: string;
  /** The CA file the engine must trust (SSL_CERT_FILE) for the HTTPS server. */
  caFile?: string;
  /** Paths asked, in order. */
  requests: string[];
  /** Assets served corrupted: one byte changed in the middle, or cut off halfway (the stream dropped). */
  corrupt: Map<string, "flip" | "truncate">;
  close(): Promise<void>;
}

export async function startReleaseServer(dir: string, version: string, opts: { plain?: boolean; caDir?: string } = {}): Promise<ReleaseServer> {
  const requests: string[] = [];
  const corrupt = new Map<string, "flip" | "truncate">();
  // One handler for both servers: the HTTP/2 compatibility API has the same calls as node:http's.
  const handle = (req: IncomingMessage | Http2ServerRequest, response: ServerResponse | Http2ServerResponse) => {
    const res = response as ServerResponse;
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const asset = basename(path);
    const file = join(dir, asset);
    if (req.method !== "GET" || path !== `${PREFIX}v${version}/${asset}` || !existsSync(file)) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not Found");
      return;
    }
    const bytes = readFileSync(file);
    // The engine wants the length (workspace/plugins.go: "expected -1 bytes" otherwise).
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
    const how = corrupt.get(asset);
    if (how === "flip") {
      const changed = Buffer.from(bytes);
      changed[changed.length >> 1] ^= 0xff;
      res.end(changed);
    } else if (how === "truncate") {
      res.write(bytes.subarray(0, bytes.length >> 1), () => {
        if ("stream" in response) response.stream.close(h2.NGHTTP2_INTERNAL_ERROR);
        else res.socket?.destroy();
      });
    } else res.end(bytes);
  };
  let caFile: string | undefined;
  const server = opts.plain
    ? createServer(handle)
    : (() => {
        const ca = loadOrCreateCa(opts.caDir ?? join(dir, "..", "release-ca"));
        caFile = ca.caFile;
        const { certPem, keyPem } = ca.issueServerCert(["127.0.0.1"]);
        return createSecureServer({ cert: certPem, key: keyPem, allowHTTP1: true }, handle);
      })();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `${opts.plain ? "http" : "https"}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    // ${VERSION} is the engine's placeholder (interpolateURL), filled with the version it wants.
    overrides: `^${RELEASES.replace(/[.]/g, "\\.")}$=${url}${PREFIX}v\${VERSION}`,
    caFile,
    requests,
    corrupt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
