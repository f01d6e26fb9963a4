/**
 * Progress and warnings from inside the dynamic provider process. `pulumi.log` is not connected to
 * the engine there (pulumi/pulumi#6065, #18249); instead the engine passes the provider process's
 * console output through to the user's terminal (pulumi/pulumi#18253), so we write plain lines.
 * Messages never carry secrets: callers pass names, statuses and durations only. They do carry API
 * data (live records, statuses), so each is written as one visible line (sdk/core/errors.ts safeMessage, as errors.ts printableText):
 * a line feed in a live TXT value cannot forge a second `[dondominio]` line (a plan line the review
 * reads, or a money line), nor an escape sequence reach the terminal.
 */
import { safeMessage as printableText } from "../../sdk/core/errors";

export type LogSink = (level: "info" | "warning", message: string) => void;

const consoleSink: LogSink = (level, message) => {
  // One line per message; the prefix names the package so users can tell whose line it is.
  const line = `[dondominio] ${level === "warning" ? "warning: " : ""}${printableText(message)}`;
  if (level === "warning") console.error(line);
  else console.log(line);
};

let sink: LogSink = consoleSink;

export function info(message: string): void {
  sink("info", message);
}

export function warn(message: string): void {
  sink("warning", message);
}

const warned = new Set<string>();

/** A warning printed once per process: check may judge one resource more than once in a run. */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  warn(message);
}

/** Tests: capture messages (undefined restores the console). */
export function setLogSinkForTests(next: LogSink | undefined): void {
  sink = next ?? consoleSink;
}
