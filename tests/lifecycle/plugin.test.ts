/**
 * The lifecycle table (cases.ts) on the provider plugin: built into its archive, installed with
 * `pulumi plugin install resource dondominio <version> --file`, driven by the generated Node SDK
 * (sdks/nodejs, compiled) from an Automation API inline program.
 */
import { installPluginWithNodeSdk } from "../plugin/installed-plugin";
import { describeLifecycle } from "./runner";

describeLifecycle("plugin", async () => {
  const plugin = await installPluginWithNodeSdk();
  return {
    installPackage: false,
    env: { PULUMI_HOME: plugin.pulumiHome },
    classes: () => require(plugin.sdkDir),
    dispose: plugin.dispose,
  };
});
