/**
 * The plugin as one script for a Node single executable application (scripts/plugin-archive.ts),
 * written so that it can also become the executable's V8 startup snapshot: the build runs the
 * script once, every module of the plugin loaded (the gRPC stubs, the resources' schemas, the
 * catalogue), and the executable starts from that heap instead of loading them again, which is
 * what makes it start in about the time of `node -e 0` (bench/plugin-start.ts).
 *
 * Node cannot put four built-in modules in a snapshot (http, http2, https, tls: their bindings hold
 * native state; `node --build-snapshot` aborts), so the bundle reaches them through a stand-in that
 * loads the real module on first use, after the start. The stand-in answers what modules read of
 * them while loading (which names exist, and the plain data http2.constants, http.METHODS and
 * http.STATUS_CODES, taken from the same Node version at build time); anything else read during the
 * snapshot build stops the build with the module and the name, so a dependency that changes how it
 * loads is caught at build time, not at a user's. Three npm modules that touch those built-ins or
 * fetch's globals (Request, Headers: the same bindings) while loading are loaded on first use the
 * same way: undici (the API transport), acme-client and axios (AcmeCertificate).
 *
 * The build runs with an empty environment: what a module reads of process.env while loading is
 * fixed in the snapshot, so nothing of the build machine's environment goes into the executable.
 * Randomness drawn while loading would be fixed too (the same in every run), so the build refuses
 * it: crypto's random functions throw during the snapshot build. (Math.random is reseeded by V8 on
 * each start.)
 */
import { execFileSync } from "node:child_process";
import { build, type Plugin } from "esbuild";

export const LAZY_BUILTINS = ["http", "http2", "https", "tls"] as const;
const BUILTIN_DATA: Record<string, string[]> = { http2: ["constants"], http: ["METHODS", "STATUS_CODES"] };
export const LAZY_MODULES = ["undici", "acme-client", "axios"] as const;

interface Facts {
  keys: string[];
  data: Record<string, unknown>;
  esModule?: boolean;
}

/** Each lazy built-in's export names and plain data, as the executable's own Node version has them. */
function builtinFacts(node: string): Record<string, Facts> {
  const script = `const D=${JSON.stringify(BUILTIN_DATA)};process.stdout.write(JSON.stringify(Object.fromEntries(${JSON.stringify(LAZY_BUILTINS)}.map((m)=>{const x=require(m);return [m,{keys:Object.keys(x),data:Object.fromEntries((D[m]||[]).map((k)=>[k,x[k]]))}]}))))`;
  return JSON.parse(execFileSync(node, ["-e", script], { encoding: "utf8", env: {} }));
}

/** A module whose real body is `load()`d on first use; `facts` answer what is read before. */
function standIn(facts: Facts, load: string, label: string): string {
  return `const facts = ${JSON.stringify(facts)};
let real;
const has = (k) => facts.keys.includes(k);
const load = (k) => {
  if (!real) {
    if (require("node:v8").startupSnapshot.isBuildingSnapshot())
      throw new Error("${label}: ." + String(k) + " is used while the snapshot is built (scripts/release/sea-bundle.ts)");
    real = ${load};
  }
  return real;
};
module.exports = new Proxy({}, {
  get: (_, k) => (!real && Object.hasOwn(facts.data, k) ? facts.data[k] : !real && k === "__esModule" ? facts.esModule : !real && !has(k) ? undefined : load(k)[k]),
  has: (_, k) => has(k),
  ownKeys: () => facts.keys,
  getOwnPropertyDescriptor: (_, k) => (has(k) ? { configurable: true, enumerable: true, get: () => load(k)[k] } : undefined),
});
`;
}

function lazyPlugin(node: string, repo: string): Plugin {
  const builtins = builtinFacts(node);
  return {
    name: "lazy-modules",
    setup(b) {
      const builtinRe = new RegExp(`^(node:)?(${LAZY_BUILTINS.join("|")})$`);
      b.onResolve({ filter: builtinRe }, (a) =>
        a.namespace === "lazy-builtin" ? { path: a.path, external: true } : { path: a.path.replace(/^node:/, ""), namespace: "lazy-builtin" },
      );
      b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (a) => ({
        contents: standIn(builtins[a.path], `require("node:${a.path}")`, `built-in ${a.path}`),
        loader: "js",
      }));
      const moduleRe = new RegExp(`^(${LAZY_MODULES.join("|")})$`);
      b.onResolve({ filter: moduleRe }, (a) =>
        a.pluginData === "real" ? undefined : { path: a.path, namespace: "lazy-module", pluginData: { resolveDir: a.resolveDir } },
      );
      b.onLoad({ filter: /.*/, namespace: "lazy-module" }, (a) => {
        const resolveDir = (a.pluginData as { resolveDir: string }).resolveDir;
        const x = require(require.resolve(a.path, { paths: [resolveDir, repo] }));
        const facts: Facts = { keys: Object.keys(x), data: {}, esModule: !!x.__esModule };
        return { contents: standIn(facts, `require(${JSON.stringify(`${a.path}?real`)})`, `module ${a.path}`), resolveDir, loader: "js" };
      });
      b.onResolve({ filter: /\?real$/ }, (a) => b.resolve(a.path.replace(/\?real$/, ""), { resolveDir: a.resolveDir, kind: a.kind, pluginData: "real" }));
    },
  };
}

/** The executable's main script: the plugin's main with its version and schema inside. */
function entry(version: string, schema: string): string {
  return `
globalThis[Symbol.for("pulumi-dondominio.build")] = Object.freeze({ version: ${JSON.stringify(version)}, schema: ${JSON.stringify(schema)} });
const v8 = require("node:v8");
// Randomness drawn while the snapshot is built would be the same in every run of the executable
// (randomUUID's entropy cache, a module's random id): the build refuses it, naming the call.
// (A module may keep the function it got: the stand-in stays, and calls through after the build.)
const crypto = require("node:crypto");
for (const name of ["randomBytes", "randomUUID", "getRandomValues", "randomInt", "randomFillSync"]) {
  const real = crypto[name];
  crypto[name] = function (...args) {
    if (v8.startupSnapshot.isBuildingSnapshot()) throw new Error("crypto." + name + " is called while the snapshot is built (scripts/release/sea-bundle.ts)");
    return real.apply(this, args);
  };
}
const { main } = require("./plugin/main");
function run() {
  main(process.argv.slice(2), process.env, process).then(
    (status) => { process.exitCode = status; },
    (err) => { process.stderr.write("pulumi-resource-dondominio: unexpected error: " + (err && err.message ? err.message : err) + "\\n"); process.exitCode = 1; },
  );
}
// With a snapshot the modules above are loaded at build time and run() is where the executable starts.
if (v8.startupSnapshot.isBuildingSnapshot()) v8.startupSnapshot.setDeserializeMainFunction(run);
else run();
`;
}

/** Writes the script to `outfile`. `node` is the Node binary (of the executable's version) that builds it. */
export async function seaBundle(opts: {
  outfile: string;
  node: string;
  repo: string;
  version: string;
  schema: string;
  minify?: boolean;
  external?: Plugin;
}): Promise<void> {
  await build({
    stdin: { contents: entry(opts.version, opts.schema), resolveDir: opts.repo, sourcefile: "plugin-sea-entry.js", loader: "js" },
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minify: opts.minify ?? true,
    legalComments: "none",
    outfile: opts.outfile,
    plugins: [...(opts.external ? [opts.external] : []), lazyPlugin(opts.node, opts.repo)],
    logLevel: "error",
  });
}
