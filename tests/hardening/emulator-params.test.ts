/**
 * The emulator counts a body's parameters before it decodes any (emulator/http/body.ts, MAX_PARAMS;
 * project issue 19, defect 7). Before: one unauthenticated 3.9 MB body of 400,000 parameters was
 * decoded in full before the login was looked at, holding the event loop 1.7 s; three at once
 * stalled other callers for seconds. Now such a body is answered 100 after a scan for separators,
 * and the largest legitimate calls (domain/create with all four contacts given as data, in both
 * encodings) still pass.
 */
import { expect } from "chai";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Agent, FormData, fetch } from "undici";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { MAX_PARAMS } from "../../emulator/http/body";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { PERSON } from "../fixtures";

/** `count` parameters, urlencoded: `p0=x&p1=x&...` (400,000 of them: 3.9 MB). */
const many = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `p${from + i}=x`).join("&");

interface Reply {
  errorCode: number;
  messages: string[];
  ms: number;
}

describe("emulator: the parameter count is capped before decoding", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let agent: Agent;

  const post = async (action: string, body: string | FormData, contentType?: string): Promise<Reply> => {
    const t0 = performance.now();
    const res = await fetch(`${emu.url}/${action}/`, {
      method: "POST",
      body,
      headers: contentType ? { "content-type": contentType } : {},
      dispatcher: agent,
    });
    const j = (await res.json()) as { errorCode: number; messages: string[] };
    return { errorCode: j.errorCode, messages: j.messages, ms: performance.now() - t0 };
  };
  const form = "application/x-www-form-urlencoded";
  const login = () => `apiuser=${encodeURIComponent(emu.apiUser)}&apipasswd=${encodeURIComponent(emu.apiPasswd)}`;

  before(async () => {
    emu = await startEmulator();
    agent = new Agent({ connect: { ca: emu.caCert } });
  });
  after(async () => {
    await agent.close();
    await closeTransports();
    await emu.close();
  });

  it("400,000 unauthenticated parameters: answered 100 naming the limit; three at once do not stall a small authenticated call", async () => {
    const body = many(400_000);
    expect(body.length).to.be.above(3_800_000);
    const single = await post("account/info", body, form);
    expect(single.errorCode).to.equal(100);
    expect(single.messages).to.deep.equal([`Syntax error: the request carries more than ${MAX_PARAMS} parameters (the limit); none was read`]);

    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const big = [1, 2, 3].map(() => post("account/info", body, form));
    // The small call starts once the three are under way.
    await new Promise((r) => setTimeout(r, 20));
    const hello = await post("tool/hello", login(), form);
    const bigs = await Promise.all(big);
    loop.disable();
    const stallMs = loop.max / 1e6;
    console.log(
      `      [params] one 400,000-parameter body answered in ${single.ms.toFixed(0)} ms; with three at once a small authenticated tool/hello took ${hello.ms.toFixed(0)} ms; event loop held at most ${stallMs.toFixed(0)} ms`,
    );
    expect(hello.errorCode).to.equal(0);
    expect(bigs.map((b) => b.errorCode)).to.deep.equal([100, 100, 100]);
  });

  it(`exactly ${MAX_PARAMS} parameters are read; ${MAX_PARAMS + 1} are refused, in either encoding`, async () => {
    // The login is two of them.
    const at = await post("tool/hello", `${many(MAX_PARAMS - 2)}&${login()}`, form);
    expect(at.errorCode).to.equal(0);
    const over = await post("tool/hello", `${many(MAX_PARAMS - 1)}&${login()}`, form);
    expect(over.errorCode).to.equal(100);
    expect(over.messages[0]).to.contain(`more than ${MAX_PARAMS} parameters`);

    const multipart = (count: number) => {
      const fd = new FormData();
      fd.append("apiuser", emu.apiUser);
      fd.append("apipasswd", emu.apiPasswd);
      for (let i = 0; i < count - 2; i++) fd.append(`p${i}`, "x");
      return fd;
    };
    const mAt = await post("tool/hello", multipart(MAX_PARAMS));
    expect(mAt.errorCode, mAt.messages.join()).to.equal(0);
    const mOver = await post("tool/hello", multipart(MAX_PARAMS + 1));
    expect(mOver.errorCode).to.equal(100);
    expect(mOver.messages[0]).to.contain(`more than ${MAX_PARAMS} parameters`);
  });

  it("the largest legitimate call passes: domain/create with owner, admin, tech and billing contacts as data, urlencoded and multipart", async () => {
    const contacts: Record<string, string> = {};
    for (const role of ["owner", "admin", "tech", "billing"])
      for (const [k, v] of Object.entries(PERSON)) contacts[`${role}Contact${k}`] = role === "owner" ? v : `${v}`;
    const params = { ...contacts, nameservers: "ns1.example.net,ns2.example.net", period: 1, premium: false };
    const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    const created = await client.call("domain/create", { domain: "all-contacts-urlencoded.com", ...params } as never);
    expect((created as { domains: { name: string }[] }).domains[0].name).to.equal("all-contacts-urlencoded.com");

    // The vendor SDK's encoding (facts.md "Requests"), every field a part.
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...params, domain: "all-contacts-multipart.com", apiuser: emu.apiUser, apipasswd: emu.apiPasswd }))
      fd.append(k, String(v === false ? "" : v));
    const mp = await post("domain/create", fd);
    expect(mp.errorCode, mp.messages.join()).to.equal(0);
  });
});
