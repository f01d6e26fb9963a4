/**
 * The Python side of the suite: the wheelhouse (scripts/ensure-python-wheels.sh: pulumi==3.250.0
 * and the SDK's requirements, from PyPI once per machine), sdks/python built into a wheel and an
 * sdist as a release would build them (`python -m build`), and fresh virtual environments that
 * install from a loopback PEP 503 index (tests/packages/loopback-registry.ts) only.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO } from "../harness/engine";

const run = promisify(execFile);
export const PYTHON = process.env.PYTHON ?? "python3";

/** Why Python runs cannot happen here (no python3 with venv and pip), or undefined. */
export function whyNoPython(): string | undefined {
  const r = spawnSync(PYTHON, ["-c", "import venv, ensurepip"], { stdio: "ignore" });
  return r.status === 0 ? undefined : `${PYTHON} with venv and ensurepip is absent (Debian: apt-get install python3-venv)`;
}

let wheelhouse: string | undefined;
/** The cached wheelhouse directory (downloads from PyPI on a machine's first run). */
export function ensureWheelhouse(): string {
  wheelhouse ??= execFileSync("bash", [join(REPO, "scripts", "ensure-python-wheels.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  return wheelhouse;
}

export function wheelhouseFiles(): string[] {
  const dir = ensureWheelhouse();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".whl") || f.endsWith(".tar.gz"))
    .map((f) => join(dir, f));
}

/** Environment for pip: no user config, no version check, no cache of its own choosing (the wheelhouse is the cache). */
export const PIP_ENV = {
  PIP_DISABLE_PIP_VERSION_CHECK: "1",
  PIP_NO_INPUT: "1",
  PIP_CONFIG_FILE: "/dev/null",
  PIP_NO_CACHE_DIR: "1",
  PYTHONDONTWRITEBYTECODE: "1",
};

/** A new virtual environment at `dir`; returns its python. */
export async function createVenv(dir: string): Promise<string> {
  await run(PYTHON, ["-m", "venv", dir]);
  return join(dir, "bin", "python");
}

/** `python -m pip <args>`, offline unless the args name an index; output kept for the error. */
export async function pip(python: string, args: string[], cwd?: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(python, ["-m", "pip", ...args], { cwd, env: { ...process.env, ...PIP_ENV }, maxBuffer: 1 << 26 });
    return stdout + stderr;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`pip ${args.join(" ")}: ${err.message}\n${(err.stdout ?? "").slice(-2000)}${(err.stderr ?? "").slice(-3000)}`);
  }
}

/**
 * sdks/python built as a release builds it: `python -m build --sdist --wheel` (setuptools, in a
 * build venv filled from the wheelhouse) on a copy, so the checkout gets no build/ or egg-info.
 * Returns the two files, in `outDir`.
 */
export async function buildPythonDists(outDir: string): Promise<{ wheel: string; sdist: string }> {
  const work = mkdtempSync(join(tmpdir(), "dondominio-pybuild-"));
  try {
    const python = await createVenv(join(work, "venv"));
    await pip(python, ["install", "--no-compile", "--no-index", "--find-links", ensureWheelhouse(), "build", "setuptools", "wheel"]);
    cpSync(join(REPO, "sdks", "python"), join(work, "src"), { recursive: true });
    await run(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", outDir, join(work, "src")], {
      env: { ...process.env, ...PIP_ENV },
      maxBuffer: 1 << 26,
    });
    const files = readdirSync(outDir);
    const wheel = files.find((f) => /^pulumi_dondominio-.*\.whl$/.test(f));
    const sdist = files.find((f) => /^pulumi_dondominio-.*\.tar\.gz$/.test(f));
    if (!wheel || !sdist) throw new Error(`python -m build wrote ${files.join(", ")}`);
    return { wheel: join(outDir, wheel), sdist: join(outDir, sdist) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
