/**
 * The function table (cases.ts) on the plugin's door: every case a Pulumi YAML `fn::invoke` on the
 * provider plugin from the installed package, run by the plain CLI and the YAML language host
 * through the real engine (the same rounds, previews, call counts and secret checks as the
 * TypeScript door: runner.ts). Needs Go for the YAML language host (else SKIPPED, saying why).
 */
import { yamlDoor } from "./doors";
import { describeFunctionTable } from "./runner";
import { hasGo, SKIP_NO_GO } from "../plugin/yaml-project";

if (hasGo()) describeFunctionTable(yamlDoor);
else
  describe("function table on the plugin (YAML fn::invoke)", () => {
    it("SKIPPED", function () {
      console.log(SKIP_NO_GO);
      this.skip();
    });
  });
