/**
 * Runs a generated index.ts (dondominio-export's program) in a Node VM: transpiled to CommonJS,
 * `globalThis.__pwned` (hostile-strings.ts SENTINEL) defined, `@pulumi/pulumi` and
 * `pulumi-dondominio` stubbed so that each resource class records its name and arguments. Any
 * injected statement that runs calls the sentinel; a syntax error is thrown with its diagnostics.
 */
import vm from "node:vm";
import ts from "typescript";
import { SENTINEL } from "../hardening/hostile-strings";

export interface Constructed {
  type: string;
  name: string;
  args: Record<string, unknown>;
}

export async function runProgram(source: string): Promise<{ pwned: string[]; constructed: Constructed[] }> {
  const out = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  });
  const syntax = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  if (syntax.length) throw new Error(`the program does not parse: ${syntax.slice(0, 5).join("; ")}`);
  const pwned: string[] = [];
  const constructed: Constructed[] = [];
  const dondominio = new Proxy(
    {},
    {
      get: (_t, type) =>
        class {
          constructor(name: string, args: Record<string, unknown>) {
            constructed.push({ type: String(type), name, args });
          }
        },
    },
  );
  const pulumi = {
    Config: class {
      getSecret = () => undefined;
    },
  };
  const context = vm.createContext({ [SENTINEL]: (tag: unknown) => pwned.push(String(tag)) });
  const module = { exports: {} as unknown };
  const require = (id: string) => (id === "@pulumi/pulumi" ? pulumi : id === "pulumi-dondominio" ? dondominio : {});
  const wrapper = vm.runInContext(`(function (exports, require, module) {\n${out.outputText}\n})`, context) as (...a: unknown[]) => void;
  wrapper(module.exports, require, module);
  await (module.exports as () => Promise<void>)();
  return { pwned, constructed };
}
