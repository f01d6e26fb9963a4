/** The emulator's data directory: a temp dir of its own is removed by close(); a given one is kept. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { startEmulator } from "../../emulator";

describe("emulator data dir", () => {
  it("removes the temp dir it made itself on close (it holds the CA's private key)", async () => {
    const emu = await startEmulator();
    expect(existsSync(join(emu.dataDir, "ca.key.pem"))).to.equal(true);
    await emu.close();
    expect(existsSync(emu.dataDir)).to.equal(false);
  });

  it("keeps a data dir it was given (CA and identity) for the next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dd-data-"));
    try {
      const first = await startEmulator({ dataDir: dir });
      await first.close();
      expect(existsSync(join(dir, "ca.key.pem"))).to.equal(true);
      const second = await startEmulator({ dataDir: dir });
      await second.close();
      expect(second.apiPasswd).to.equal(first.apiPasswd);
      expect(second.caCert).to.equal(first.caCert);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
