/**
 * `pulumi-dondominio/emulator`: start the DonDominio API emulator in-process.
 *
 *   const emu = await startEmulator();            // HTTPS on 127.0.0.1, a free port, temp data dir
 *   // emu.url, emu.caCert (trust it), emu.apiUser, emu.apiPasswd, emu.dyndnsUrl, emu.dyndnsKey,
 *   // emu.controlToken (the control API's bearer token; emu.control sends it)
 *   // startEmulator({ dnsPort: 0 }) also answers DNS for the hosted zones: emu.dnsPort (UDP and TCP)
 *   await emu.control.reset();
 *   await emu.close();
 */
import { readFileSync } from "node:fs";
import { EmulatorControl } from "./control-client";
import { type EmulatorOptions, EmulatorServer } from "./server";

export interface RunningEmulator {
  /** API base URL: calls go to `${url}/<module>/<action>/`. */
  url: string;
  /** Dynamic DNS endpoint at the root of its own listener (`${dyndnsUrl}/plain/`). */
  dyndnsUrl: string;
  /** Port of the authoritative DNS listener (UDP and TCP on the API's host) when `dnsPort` was given. */
  dnsPort?: number;
  /** The CA certificate file clients must trust, and its PEM. */
  caFile: string;
  caCert: string;
  dataDir: string;
  apiUser: string;
  apiPasswd: string;
  dyndnsKey: string;
  /** Bearer token of the control API (/_emulator/); the API password does not open it. */
  controlToken: string;
  control: EmulatorControl;
  /** The server object itself (store, clock, counters) for in-process tests. */
  server: EmulatorServer;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const server = new EmulatorServer(options);
  await server.listen();
  const caFile = server.ca.caFile!;
  const caCert = readFileSync(caFile, "utf8");
  const control = new EmulatorControl({ url: server.url, caCert, controlToken: server.controlToken });
  return {
    url: server.url,
    dyndnsUrl: server.dyndnsUrl,
    dnsPort: server.dnsPort,
    caFile,
    caCert,
    dataDir: server.dataDir,
    apiUser: server.identity.apiUser,
    apiPasswd: server.identity.apiPasswd,
    dyndnsKey: server.identity.dyndnsKey,
    controlToken: server.controlToken,
    control,
    server,
    async close() {
      await control.close();
      await server.close();
    },
  };
}

export { EmulatorControl } from "./control-client";
export type { EmulatorOptions } from "./server";
export type { Limits } from "./core/access";
export type { FaultSpec, FaultKind } from "./core/faults";
export type { Seed } from "./core/seed";
export type { CountersSnapshot } from "./core/counters";
