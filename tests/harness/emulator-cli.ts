/**
 * The `dondominio-emulator` command two ways: in this process (its main(argv, env, io), stopped by
 * resolving io.untilStopped(): fast, for what the flags do) and as the real command
 * (bin/dondominio-emulator.js in a child process: dist/ when built, else the sources through tsx;
 * for signals, exit codes, and what must not share mocha's process).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { main } from "../../emulator/cli";

const REPO = resolve(__dirname, "..", "..");
export const EMULATOR_BIN = join(REPO, "bin", "dondominio-emulator.js");

/** The ready line: every member the CLI prints. */
export interface ReadyLine {
  url: string;
  dyndnsUrl: string;
  caFile: string;
  apiUser: string;
  apiPasswd: string;
  dyndnsKey: string;
  controlToken: string;
  dnsPort?: number;
}

export interface InProcessEmulator {
  ready: ReadyLine;
  /** Everything main wrote on stdout, and on stderr, so far. */
  stdout(): string;
  stderr(): string;
  /** Stops it as a signal would; resolves to main's exit status. */
  stop(signal?: string): Promise<number>;
}

/** A writable that keeps what it is given (and calls `then` after each write). */
function sink(then?: (text: string) => void) {
  const out = {
    text: "",
    write(t: string): boolean {
      out.text += t;
      then?.(out.text);
      return true;
    },
  };
  return out;
}

/** Runs main(args) in this process until it is ready; rejects with its status and stderr when it ends first. */
export async function runEmulatorCli(args: string[]): Promise<InProcessEmulator> {
  let stopWith!: (signal: string) => void;
  const stopped = new Promise<string>((res) => {
    stopWith = res;
  });
  let onLine!: () => void;
  const line = new Promise<void>((res) => {
    onLine = res;
  });
  const stdout = sink((text) => text.includes("\n") && onLine());
  const stderr = sink();
  const status = main(args, {}, { stdout, stderr, untilStopped: () => stopped });
  const early = await Promise.race([line.then(() => undefined), status]);
  if (early !== undefined) throw new Error(`dondominio-emulator ended (${early}) before it was ready: ${stderr.text}`);
  return {
    ready: JSON.parse(stdout.text.split("\n")[0]),
    stdout: () => stdout.text,
    stderr: () => stderr.text,
    stop: (signal = "SIGTERM") => {
      stopWith(signal);
      return status;
    },
  };
}

/** main(args) run to its end in this process (a usage error, --help): its status and output. */
export async function runEmulatorCliToEnd(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdout = sink();
  const stderr = sink();
  const status = await main(args, {}, { stdout, stderr, untilStopped: () => Promise.resolve("end of test") });
  return { status, stdout: stdout.text, stderr: stderr.text };
}

export interface EmulatorChild {
  child: ChildProcessWithoutNullStreams;
  ready: ReadyLine;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
}

/** The real command in a child process, once it printed its ready line (rejects with its stderr when it exits first). */
export async function spawnEmulatorCli(args: string[]): Promise<EmulatorChild> {
  const child = spawn(process.execPath, [EMULATOR_BIN, ...args], { cwd: REPO, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on("exit", (code, signal) => res({ code, signal })));
  const ready = await new Promise<ReadyLine>((res, rej) => {
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes("\n")) res(JSON.parse(stdout.split("\n")[0]));
    });
    exited.then(({ code, signal }) => rej(new Error(`dondominio-emulator exited early (${signal ?? code}): ${stderr}`)));
  });
  return { child, ready, exited, stdout: () => stdout, stderr: () => stderr };
}
