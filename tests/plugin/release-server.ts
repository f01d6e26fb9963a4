/**
 * A loopback HTTP server in the layout of GitHub release downloads
 * (`/<owner>/<repo>/releases/download/v<version>/<asset>`), serving the plugin archives of a
 * directory, for the engine's automatic plugin download. The schema's pluginDownloadURL
 * (github://api.github.com/pulumi-dondominio/pulumi-dondominio) is pointed at it with
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, whose regular expression Pulumi 3.250 matches against the
 * plugin's source URL (workspace/plugins.go GetSource); the engine then asks
 * `<url>/pulumi-resource-dondominio-v<version>-<os>-<arch>.tar.gz`.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";

export const RELEASES = "github://api.github.com/pulumi-dondominio/pulumi-dondominio";
const PREFIX = "/pulumi-dondominio/pulumi-dondominio/releases/download/";

export interface ReleaseServer {
  url: string;
  /** The value of PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES that sends the releases' source here. */
  overrides: string;
  /** Paths asked, in order. */
  requests: string[];
  /** Assets served corrupted: one byte changed in the middle, or cut off halfway (the connection dropped). */
  corrupt: Map<string, "flip" | "truncate">;
  close(): Promise<void>;
}

export async function startReleaseServer(dir: string, version: string): Promise<ReleaseServer> {
  const requests: string[] = [];
  const corrupt = new Map<string, "flip" | "truncate">();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const asset = basename(path);
    const file = join(dir, asset);
    if (req.method !== "GET" || path !== `${PREFIX}v${version}/${asset}` || !existsSync(file)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
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
      res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.destroy());
    } else res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    // ${VERSION} is the engine's placeholder (interpolateURL), filled with the version it wants.
    overrides: `^${RELEASES.replace(/[.]/g, "\\.")}$=${url}${PREFIX}v\${VERSION}`,
    requests,
    corrupt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
