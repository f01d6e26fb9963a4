/** Shared pieces of the end-to-end suite: one emulator over real HTTPS and clients that trust its CA. */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { EmulatorOptions } from "../../emulator/server";
import { DonDominioApiError, DonDominioClient, getOperation } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { PERSON } from "../fixtures";

export interface E2e {
  emu: RunningEmulator;
  client: DonDominioClient;
  xml: DonDominioClient;
  close(): Promise<void>;
}

/** Starts an emulator and a JSON and an XML client with the emulator's credentials and CA. */
export async function startE2e(options: EmulatorOptions = {}): Promise<E2e> {
  const emu = await startEmulator(options);
  const base = { apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert };
  return {
    emu,
    client: new DonDominioClient(base),
    xml: new DonDominioClient({ ...base, outputFormat: "xml" }),
    async close() {
      await emu.close();
      await closeTransports();
    },
  };
}

export const DAY = 86_400;

/** Contact fields without prefix (contact/create); a Spanish individual. */
export { PERSON };

/** The same person as a CONTACTS block with a role prefix (owner, admin, ...). */
export function contactBlock(prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`${prefix}Contact${k}`, v]));
}

export const CSR_SUBJECT = {
  organizationName: "Example SL",
  organizationalUnitName: "IT",
  countryName: "ES",
  stateOrProvinceName: "Barcelona",
  localityName: "Barcelona",
  emailAddress: "it@example.com",
};

/** Asserts the result parses with the operation's catalogue response schema. */
export function expectCatalogueShape(name: string, result: unknown): void {
  const op = getOperation(name);
  expect(op, `${name} is in the catalogue`).to.not.equal(undefined);
  const parsed = op!.response.safeParse(result);
  expect(parsed.success, `${name} response: ${parsed.success ? "" : parsed.error.message}`).to.equal(true);
}

/** Runs `fn` and returns the DonDominioApiError it throws (fails when it succeeds or throws something else). */
export async function apiError(fn: () => Promise<unknown>): Promise<DonDominioApiError> {
  try {
    await fn();
  } catch (err) {
    expect(err).to.be.instanceOf(DonDominioApiError);
    return err as DonDominioApiError;
  }
  throw new Error("expected a DonDominioApiError, the call succeeded");
}
