/**
 * The lifecycle table (cases.ts) on the provider plugin installed from its archive, driven by the
 * generated Python SDK (drivers/plugin-python.ts): the same expectations as the Node SDK's run.
 * Without python3 (venv, pip) it says SKIPPED.
 */
import { whyNoPython } from "../packages/python";
import { pluginPythonSdk } from "./drivers/plugin-python";
import { describeLifecycle } from "./runner";

const why = whyNoPython();
if (why)
  describe("lifecycle table on plugin (Python SDK)", () => {
    it(`SKIPPED: ${why}`);
  });
else describeLifecycle(pluginPythonSdk);
