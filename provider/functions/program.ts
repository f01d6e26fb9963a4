/**
 * The TypeScript door of the read functions: each function's `<name>(args)` (a Promise) and
 * `<name>Output(args)` (an Output, its arguments Inputs), built from its descriptor. They run in the
 * program's process (not a provider's), at preview as at update, and read the same `dondominio:*`
 * stack config or environment as the resources (one sdk client and limiter per configuration in
 * the process: core/client.ts). The plugin's Invoke runs the same descriptor through the same
 * callFunction, so both doors answer alike.
 *
 * Secrets: the Output form is a secret Output when the result holds a secret member (the authcode
 * getDomain reads only when asked), as Pulumi's SDKs make an invoke's Output; the Promise form
 * hands plain values, as Pulumi's own plain invoke does (keep secrets in the Output form).
 */
import type * as pulumi from "@pulumi/pulumi";
import { getApi } from "../core/client";
import { resolveConfig } from "../core/config";
import type { ArgsOf } from "../core/fields";
import { callFunction, type FunctionDescriptor, type PlainArgsOf, type ResultOfShape } from "../core/function";

type Shape = Record<string, import("zod").ZodType>;

function pulumiModule(): typeof pulumi {
  return require("@pulumi/pulumi") as typeof pulumi;
}

function programConfig(key: string): string | undefined {
  try {
    // Raw config access: works for secrets without Output plumbing, and is absent outside a program.
    return pulumiModule().runtime.getConfig(key);
  } catch {
    return undefined;
  }
}

/** The Api of the program's configuration (stack config, then the environment). */
export function programApi() {
  return getApi(resolveConfig(process.env, programConfig));
}

/** The Promise form: `getDomain({ name: "example.com" })`. */
export function promiseFunction<F extends Shape, R extends Shape>(d: FunctionDescriptor<F, R>): (args: PlainArgsOf<F>) => Promise<ResultOfShape<R>> {
  return (args) => Promise.resolve().then(() => callFunction(d, args, programApi));
}

/** The Output form: `getDomainOutput({ name: domain.name })`; a secret Output when the result holds a secret member. */
export function outputFunction<F extends Shape, R extends Shape>(d: FunctionDescriptor<F, R>): (args: ArgsOf<F>) => pulumi.Output<ResultOfShape<R>> {
  const run = promiseFunction(d);
  return (args) => {
    const p = pulumiModule();
    return p.output(args as pulumi.Input<Record<string, unknown>>).apply(async (plain) => {
      const result = await run(plain as PlainArgsOf<F>);
      const secret = (d.secrets ?? []).some((k) => (result as Record<string, unknown>)[k] !== undefined);
      return secret ? p.secret(result) : p.output(result);
    }) as unknown as pulumi.Output<ResultOfShape<R>>;
  };
}
