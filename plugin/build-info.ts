/**
 * What a release executable carries inside it instead of files beside it: the package version and
 * schema.json. The executable's main script (scripts/release/sea-bundle.ts) sets it before it loads
 * the plugin; run from a checkout or the npm package, there is none and the files are read.
 */
export interface BuildInfo {
  readonly version: string;
  readonly schema: string;
}

export const BUILD_INFO = Symbol.for("pulumi-dondominio.build");

export function buildInfo(): BuildInfo | undefined {
  return (globalThis as { [BUILD_INFO]?: BuildInfo })[BUILD_INFO];
}
