/**
 * scripts/lib/build-cache.ts, which lets the tests share one build of each archive, dist and jar:
 * a cached output is found again only while every input hashes the same, a changed byte or recipe
 * is another build, and two callers at once build once. Runs on a cache root and input files of
 * its own (PULUMI_DONDOMINIO_CACHE, files under .work/).
 */
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { cachedBuild, cachedBundle, inputsKey } from "../../scripts/lib/build-cache";
import { REPO } from "../harness/engine";

describe("build cache (scripts/lib/build-cache.ts)", () => {
  let root: string;
  let src: string;
  let rel: string;
  const saved = process.env.PULUMI_DONDOMINIO_CACHE;

  beforeEach(() => {
    mkdirSync(join(REPO, ".work"), { recursive: true });
    root = mkdtempSync(join(REPO, ".work", "build-cache-"));
    process.env.PULUMI_DONDOMINIO_CACHE = join(root, "cache");
    src = join(root, "src");
    mkdirSync(src);
    writeFileSync(join(src, "a.txt"), "one");
    rel = relative(REPO, src);
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PULUMI_DONDOMINIO_CACHE;
    else process.env.PULUMI_DONDOMINIO_CACHE = saved;
    rmSync(root, { recursive: true, force: true });
  });

  it("cachedBuild: the same inputs find the first output; a changed byte or recipe builds again", async () => {
    let builds = 0;
    const build = (dir: string) => {
      builds++;
      writeFileSync(join(dir, "out.txt"), readFileSync(join(src, "a.txt")));
    };
    const first = await cachedBuild("t", inputsKey([rel], { v: 1 }), build);
    expect(await cachedBuild("t", inputsKey([rel], { v: 1 }), build)).to.equal(first);
    expect(builds).to.equal(1);
    writeFileSync(join(src, "a.txt"), "onf");
    const second = await cachedBuild("t", inputsKey([rel], { v: 1 }), build);
    expect(second).to.not.equal(first);
    expect(readFileSync(join(second, "out.txt"), "utf8")).to.equal("onf");
    await cachedBuild("t", inputsKey([rel], { v: 2 }), build);
    expect(builds).to.equal(3);
  });

  it("cachedBuild: two callers at once build once and get the same output", async () => {
    let builds = 0;
    const build = async (dir: string) => {
      builds++;
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(join(dir, "out.txt"), "x");
    };
    const key = inputsKey([rel], {});
    const [a, b] = await Promise.all([cachedBuild("t", key, build), cachedBuild("t", key, build)]);
    expect(a).to.equal(b);
    expect(builds).to.equal(1);
  });

  it("cachedBundle: found again while the inputs the build returned hash the same, rebuilt when one changes", async () => {
    let builds = 0;
    const build = async (dir: string) => {
      builds++;
      writeFileSync(join(dir, "bundle.js"), readFileSync(join(src, "a.txt")));
      return [join(rel, "a.txt"), "<stdin>"];
    };
    const first = await cachedBundle("b", { v: 1 }, build);
    expect(await cachedBundle("b", { v: 1 }, build)).to.equal(first);
    expect(builds).to.equal(1);
    writeFileSync(join(src, "a.txt"), "two");
    const second = await cachedBundle("b", { v: 1 }, build);
    expect(builds).to.equal(2);
    expect(readFileSync(join(second, "bundle.js"), "utf8")).to.equal("two");
  });
});
