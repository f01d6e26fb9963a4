/**
 * `npm run demo`: starts the embedded emulator, applies examples/quickstart through the real Pulumi
 * engine with a local backend, prints the outputs, shows that a second preview has no changes, and
 * stops the emulator. Nothing is spent and nothing leaves this machine.
 */
import { startEmulator } from "../emulator";
import { createEngineStack, exampleProgram } from "../tests/harness/engine";

async function main(): Promise<void> {
  const started = Date.now();
  const emu = await startEmulator({});
  console.log(`emulator: ${emu.url} (CA ${emu.caFile})`);
  const eng = await createEngineStack({
    projectName: "dondominio-quickstart",
    stackName: "demo",
    program: exampleProgram("quickstart"),
    config: {
      "dondominio:baseUrl": { value: emu.url },
      "dondominio:caCertFile": { value: emu.caFile },
      "dondominio:apiUser": { value: emu.apiUser },
      "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
      // The emulator's registration delays are seconds: poll often.
      "dondominio:pollIntervalMs": { value: "500" },
    },
  });
  try {
    console.log("\n== pulumi up");
    const up = await eng.stack.up({ onOutput: (s) => process.stdout.write(s) });
    console.log("\n== outputs");
    for (const [k, v] of Object.entries(up.outputs)) console.log(`${k}: ${v.secret ? "[secret]" : JSON.stringify(v.value)}`);

    console.log("\n== second pulumi preview");
    const preview = await eng.stack.preview();
    const changed = Object.entries(preview.changeSummary).filter(([op]) => op !== "same");
    if (changed.length > 0) throw new Error(`the second preview wants changes: ${JSON.stringify(preview.changeSummary)}`);
    console.log(`no changes (${preview.changeSummary.same} resources unchanged)`);
  } finally {
    await eng.dispose();
    await emu.close();
  }
  console.log(`\ndemo done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(NEXT_STEPS);
}

const NEXT_STEPS = `
What to try next:
  npx dondominio-emulator             the emulator on its own: prints its URL, CA file and credentials
  examples/quickstart/README.md       the same program with your own \`pulumi up\`, step by step
  provider/resources/*/README.md      each resource's inputs, outputs, in-place changes and replacements
  sdk/README.md                       the typed client for all 97 API operations, on its own
  npm test                            the whole suite: unit, emulator and the real Pulumi engine`;

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
