/** `dondominio-emulator --dns-port`: the port it picked is in the ready line, and answers DNS there (its main, in process). */
import { Resolver } from "node:dns/promises";
import { expect } from "chai";
import { runEmulatorCli, runEmulatorCliToEnd } from "../harness/emulator-cli";

describe("dondominio-emulator --dns-port", function () {
  this.timeout(30_000);

  it("--dns-port 0 picks a port, reports it as dnsPort, and answers there (REFUSED for a zone it does not host)", async () => {
    const cli = await runEmulatorCli(["--dns-port", "0"]);
    try {
      expect(cli.ready.dnsPort).to.be.a("number").and.greaterThan(0);
      const resolver = new Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([`127.0.0.1:${cli.ready.dnsPort}`]);
      const err = await resolver.resolve4("not-hosted.example").then(
        () => undefined,
        (e: NodeJS.ErrnoException) => e,
      );
      expect(err?.code).to.equal("EREFUSED");
    } finally {
      expect(await cli.stop()).to.equal(0);
    }
  });

  it("without --dns-port there is no DNS listener and no dnsPort in the line", async () => {
    const cli = await runEmulatorCli([]);
    expect(await cli.stop()).to.equal(0);
    expect(cli.ready).to.not.have.property("dnsPort");
  });

  it("a bad --dns-port is refused naming the flag", async () => {
    const r = await runEmulatorCliToEnd(["--dns-port", "-1"]);
    expect(r.status).to.equal(2);
    expect(r.stderr).to.contain("--dns-port");
  });
});
