/**
 * Package registries on loopback, so that the suite installs each package the way its users will
 * once it is published: by name, from a registry, into a clean place.
 * - servePep503: a PEP 503 "simple" index (what `pip install --index-url` reads) over wheel and
 *   sdist files: /simple/ lists the projects, /simple/<project>/ links each file with its sha256.
 * - serveNpmRegistry: the npm registry's read API (what `npm install --registry` reads): a
 *   packument per package name (GET /<name>, scoped names %2f-escaped) with each version's
 *   package.json and its tarball's URL, sha1 and sha512 integrity, and the tarballs. A name it does
 *   not hold is asked of an upstream registry (the packages' dependencies), as verdaccio's uplink
 *   does: one GET with a deadline and a size cap, relayed as it came.
 * Both are read-only static servers on 127.0.0.1 with a fixed set of files known at start.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename } from "node:path";
import { execFileSync } from "node:child_process";

export interface Registry {
  url: string;
  /** The paths it answered from its own files, in order. */
  served: string[];
  close(): Promise<void>;
}

type Route = { type: string; body: Buffer | string };
/** A path the routes lack, asked elsewhere: the answer, or undefined for 404. */
type Fallback = (path: string, rawUrl: string) => Promise<{ status: number; type: string; body: Buffer } | undefined>;

async function serve(routes: Map<string, Route>, fallback?: Fallback): Promise<Registry> {
  const served: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]);
    const route = req.method === "GET" || req.method === "HEAD" ? (routes.get(path) ?? routes.get(`${path}/`)) : undefined;
    const relayed = !route && req.method === "GET" && fallback ? await fallback(path, req.url ?? "/").catch(() => undefined) : undefined;
    if (relayed) {
      res.writeHead(relayed.status, { "content-type": relayed.type, "content-length": relayed.body.length });
      res.end(relayed.body);
      return;
    }
    if (!route) {
      res.writeHead(req.method === "GET" || req.method === "HEAD" ? 404 : 405, { "content-type": "text/plain" });
      res.end("not here\n");
      return;
    }
    served.push(path);
    res.writeHead(200, { "content-type": route.type, "content-length": Buffer.byteLength(route.body) });
    res.end(req.method === "HEAD" ? undefined : route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** PEP 503's normalised project name. */
export const normalize = (name: string) => name.replace(/[-_.]+/g, "-").toLowerCase();

/** The project a distribution file belongs to: a wheel's first field, an sdist's name before its version. */
function projectOf(file: string): string {
  const name = basename(file);
  if (name.endsWith(".whl")) return normalize(name.split("-")[0]);
  return normalize(name.replace(/\.(tar\.gz|zip)$/, "").replace(/-[^-]+$/, ""));
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A PEP 503 index of `files` (wheels, sdists); pip's --index-url is `${url}/simple/`. */
export function servePep503(files: string[]): Promise<Registry> {
  const routes = new Map<string, Route>();
  const byProject = new Map<string, string[]>();
  for (const f of files) byProject.set(projectOf(f), [...(byProject.get(projectOf(f)) ?? []), f]);
  const page = (title: string, links: string[]) =>
    `<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.0"><title>${escapeHtml(title)}</title></head><body>\n${links.join("\n")}\n</body></html>\n`;
  const projects = [...byProject.keys()].sort();
  routes.set("/simple/", {
    type: "text/html",
    body: page(
      "Simple index",
      projects.map((p) => `<a href="${escapeHtml(p)}/">${escapeHtml(p)}</a>`),
    ),
  });
  for (const p of projects) {
    const links = (byProject.get(p) ?? []).map((f) => {
      const body = readFileSync(f);
      routes.set(`/files/${basename(f)}`, { type: "application/octet-stream", body });
      const sha = createHash("sha256").update(body).digest("hex");
      return `<a href="../../files/${escapeHtml(basename(f))}#sha256=${sha}">${escapeHtml(basename(f))}</a>`;
    });
    routes.set(`/simple/${p}/`, { type: "text/html", body: page(`Links for ${p}`, links) });
  }
  return serve(routes);
}

const UPSTREAM_DEADLINE_MS = 60_000;
const UPSTREAM_MAX_BYTES = 64 << 20;

/** One GET of `url` with a deadline and a size cap. */
async function relay(url: string): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(UPSTREAM_DEADLINE_MS), headers: { accept: "application/json" } });
  const length = Number(res.headers.get("content-length") ?? 0);
  if (length > UPSTREAM_MAX_BYTES) throw new Error(`${url}: ${length} bytes`);
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > UPSTREAM_MAX_BYTES) throw new Error(`${url}: ${body.length} bytes`);
  return { status: res.status, type: res.headers.get("content-type") ?? "application/json", body };
}

/**
 * An npm registry serving `tarballs` (from `npm pack`): `npm install --registry ${url}/ <name>`;
 * other names are relayed from `upstream` (their tarballs' URLs stay upstream's).
 */
export function serveNpmRegistry(tarballs: string[], upstream?: string): Promise<Registry> {
  const routes = new Map<string, Route>();
  type Packument = { name: string; versions: Record<string, unknown>; "dist-tags": { latest: string } };
  const packuments = new Map<string, Packument>();
  const pending: { pkg: { name: string; version: string }; file: string; body: Buffer }[] = [];
  for (const file of tarballs) {
    const body = readFileSync(file);
    // package/package.json inside the tarball: the manifest npm publishes.
    const pkg = JSON.parse(execFileSync("tar", ["-xzOf", file, "package/package.json"], { encoding: "utf8" }));
    pending.push({ pkg, file, body });
  }
  // The tarballs' URLs are known only once the server listens: the routes are filled then.
  let base = "";
  const fill = () => {
    for (const { pkg, file, body } of pending) {
      // Paths are matched decoded: the scoped name's slash may come escaped or not.
      routes.set(`/-/${pkg.name}/${basename(file)}`, { type: "application/octet-stream", body });
      const doc: Packument = packuments.get(pkg.name) ?? { name: pkg.name, versions: {}, "dist-tags": { latest: pkg.version } };
      doc.versions[pkg.version] = {
        ...pkg,
        _id: `${pkg.name}@${pkg.version}`,
        dist: {
          tarball: `${base}/-/${encodeURIComponent(pkg.name)}/${basename(file)}`,
          shasum: createHash("sha1").update(body).digest("hex"),
          integrity: `sha512-${createHash("sha512").update(body).digest("base64")}`,
        },
      };
      doc["dist-tags"].latest = pkg.version;
      packuments.set(pkg.name, doc);
    }
    for (const [name, doc] of packuments) {
      // npm asks for a scoped name with its slash escaped (@scope%2fname): decoded, it is the name.
      routes.set(`/${name}`, { type: "application/json", body: JSON.stringify(doc) });
    }
  };
  const fallback: Fallback | undefined = upstream
    ? async (path, rawUrl) => (path.startsWith("/-/") || path === "/" ? undefined : relay(`${upstream.replace(/\/$/, "")}${rawUrl}`))
    : undefined;
  return serve(routes, fallback).then((r) => {
    base = r.url;
    fill();
    return r;
  });
}
