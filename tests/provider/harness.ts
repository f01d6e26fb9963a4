/**
 * Shared pieces of the provider's engine lifecycles: one emulator per test file, stacks run by the
 * real engine with the package as users install it (tests/harness/engine.ts), plan and state checks.
 */
import { expect } from "chai";
import { join } from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient, getOperation, type OperationName } from "../../sdk";
import { createEngineStack, type EngineStack, type EngineStackOptions, loadInstalled } from "../harness/engine";

export type ProviderModule = typeof import("../../provider");

export interface Harness {
  emu: RunningEmulator;
  client: DonDominioClient;
  /** The installed package's provider entry (load it inside programs only). */
  pkg(): ProviderModule;
  /** `engine`: more engine options (another PULUMI_HOME and no package install for the plugin; another work root for the previous release). */
  stack(
    program: PulumiFn,
    extraConfig?: Record<string, { value: string; secret?: boolean }>,
    engine?: Pick<EngineStackOptions, "env" | "installPackage" | "projectName" | "workRoot">,
  ): Promise<EngineStack>;
  close(): Promise<void>;
}

/** Stack config that points the provider at the emulator: credentials come from stack config (the provider's configure()), not the environment. */
export function emulatorConfig(emu: RunningEmulator): Record<string, { value: string; secret?: boolean }> {
  return {
    "dondominio:apiUser": { value: emu.apiUser },
    "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
    "dondominio:baseUrl": { value: emu.url },
    "dondominio:caCertFile": { value: emu.caFile },
  };
}

/** The config of every test stack: the emulator, a short poll interval, the emulator's pace. */
export function stackConfig(emu: RunningEmulator): Record<string, { value: string; secret?: boolean }> {
  return {
    ...emulatorConfig(emu),
    "dondominio:pollIntervalMs": { value: "250" },
    // The emulator's default limits are generous (emulator/core/access.ts); the provider's own
    // default pace (100 calls a minute, for the real service) is exercised by tests/hardening/limits-*.
    "dondominio:maxOpsPerMinute": { value: "20000" },
  };
}

export async function startHarness(options: Parameters<typeof startEmulator>[0] = {}): Promise<Harness> {
  const emu = await startEmulator(options);
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
  const stacks: EngineStack[] = [];
  return {
    emu,
    client,
    pkg: () => loadInstalled<ProviderModule>("dist/provider/index.js"),
    async stack(program, extraConfig = {}, engine = {}) {
      const eng = await createEngineStack({
        ...engine,
        program,
        env: { ...(process.env.DONDOMINIO_DEBUG ? { DONDOMINIO_DEBUG: "1" } : {}), ...engine.env },
        config: { ...stackConfig(emu), ...extraConfig },
      });
      stacks.push(eng);
      return eng;
    },
    async close() {
      for (const s of stacks) await s.dispose();
      await emu.close();
    },
  };
}

/** Calls that change something (the catalogue's readOnly flag), by operation. */
export function writeCalls(calls: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(calls).filter(([op, n]) => n > 0 && getOperation(op as OperationName)?.readOnly !== true));
}

/** Runs `f` between a reset and a read of the emulator's counters: its result and the API calls it made, by operation. */
export async function countCalls<T>(h: Harness, f: () => Promise<T>): Promise<{ result: T; calls: Record<string, number> }> {
  await h.emu.control.counters({ reset: true });
  const result = await f();
  return { result, calls: (await h.emu.control.counters()).calls };
}

/** The error message of an engine run expected to fail, or "succeeded". */
export function failureOf(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => "succeeded",
    (e: Error) => e.message,
  );
}

/** The next plan is empty: every resource "same". */
export async function expectEmptyPlan(eng: EngineStack): Promise<void> {
  const preview = await eng.stack.preview();
  const { same, ...rest } = preview.changeSummary as Record<string, number>;
  expect(rest, `the next plan should be empty, got ${JSON.stringify(preview.changeSummary)}`).to.deep.equal({});
  expect(same).to.be.greaterThan(0);
}

/** The refresh found nothing to change: every resource "same" (exactly `count` of them when given). */
export async function expectCleanRefresh(eng: EngineStack, count?: number): Promise<void> {
  const r = await eng.stack.refresh();
  const { same, ...rest } = (r.summary.resourceChanges ?? {}) as Record<string, number>;
  expect(rest, `refresh should change nothing, got ${JSON.stringify(r.summary.resourceChanges)}`).to.deep.equal({});
  if (count === undefined) expect(same, `refresh should read resources, got ${JSON.stringify(r.summary.resourceChanges)}`).to.be.greaterThan(0);
  else expect(same, `resources refreshed unchanged, got ${JSON.stringify(r.summary.resourceChanges)}`).to.equal(count);
}

/** No secret value in plaintext anywhere in the state file. */
export function expectNoPlaintext(eng: EngineStack, secrets: string[]): void {
  const text = eng.readStateFile();
  for (const s of secrets) expect(text.includes(s), `a secret value appears in plaintext in the state file`).to.equal(false);
}

/**
 * Every dondominio resource's stored provider: deserialized the way the dynamic provider plugin
 * does (require-from-string, then handler()), small, and free of credentials.
 */
export function checkStoredProviders(eng: EngineStack, secrets: string[]): number {
  const state = JSON.parse(eng.readStateFile());
  const resources: any[] = state.checkpoint?.latest?.resources ?? [];
  const requireFromString = require("require-from-string");
  let n = 0;
  for (const r of resources) {
    if (!String(r.type).startsWith("pulumi-nodejs:dynamic/dondominio:")) continue;
    const text: string = r.inputs.__provider;
    expect(text, `${r.urn} has no stored provider`).to.be.a("string");
    expect(Buffer.byteLength(text), `${r.urn}: serialized provider size`).to.be.lessThan(1024);
    expect(text).to.match(/require\("pulumi-dondominio\/dist\/provider\/resources\/[a-z-]+\/crud\.js"\)/);
    for (const s of secrets) expect(text.includes(s)).to.equal(false);
    const provider = requireFromString(text, join(eng.workDir, "provider.js")).handler();
    for (const fn of ["check", "diff", "create", "read", "update", "delete", "configure"]) expect(provider[fn], `${r.urn}: ${fn}`).to.be.a("function");
    n++;
  }
  return n;
}

/** The resource's outputs in the state file, by its logical name. */
export function outputsOf(eng: EngineStack, name: string): Record<string, any> {
  const state = JSON.parse(eng.readStateFile());
  const r = (state.checkpoint?.latest?.resources ?? []).find((x: any) => String(x.urn).endsWith(`::${name}`));
  return r?.outputs;
}

export const OWNER = {
  contactType: "individual" as const,
  firstName: "Ana",
  lastName: "García",
  identNumber: "12345678Z",
  email: "ana@example.com",
  phone: "+34.931234567",
  address: "Calle Mayor 1",
  postalCode: "08001",
  city: "Barcelona",
  state: "Barcelona",
  country: "ES",
};

/** contact/create parameters (the API's capitalised names) for OWNER-shaped data. */
export function contactCreateParams(o: typeof OWNER) {
  return {
    Type: o.contactType,
    FirstName: o.firstName,
    LastName: o.lastName,
    IdentNumber: o.identNumber,
    Email: o.email,
    Phone: o.phone,
    Address: o.address,
    PostalCode: o.postalCode,
    City: o.city,
    State: o.state,
    Country: o.country,
  };
}
