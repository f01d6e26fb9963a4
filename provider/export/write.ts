/**
 * Writes the exported project's files into OUT without following links (issue 19 item 8): a
 * symbolic link planted at OUT/index.ts (or OUT itself) would otherwise make the export overwrite
 * whatever file it points to. Each target is checked with lstat first (a link or anything but a
 * regular file is refused, naming it), then written to a new file opened with O_EXCL | O_NOFOLLOW
 * in OUT and renamed over the target: rename replaces the directory entry itself, so a link planted
 * between the check and the write is replaced, never followed, and a hard link's other name keeps
 * its content.
 */
import { closeSync, constants, fsyncSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export class UnsafeOutputError extends Error {}

const lstatOrUndefined = (path: string) => {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
};

/** Refuses an OUT that is a link or no directory, and any target that exists as other than a regular file. */
export function checkOutput(out: string, names: readonly string[]): void {
  const dir = lstatOrUndefined(out);
  if (dir?.isSymbolicLink())
    throw new UnsafeOutputError(`--out ${out} is a symbolic link: dondominio-export writes only into a real directory (give the link's target)`);
  if (dir && !dir.isDirectory()) throw new UnsafeOutputError(`--out ${out} exists and is not a directory`);
  if (!dir) return;
  for (const name of names) {
    const st = lstatOrUndefined(join(out, name));
    if (st?.isSymbolicLink())
      throw new UnsafeOutputError(`${join(out, name)} is a symbolic link: dondominio-export never writes through a link; remove it and run again`);
    if (st && !st.isFile()) throw new UnsafeOutputError(`${join(out, name)} exists and is not a regular file: dondominio-export replaces only files`);
  }
}

/** Writes `files` (name -> text) into `out` (created when missing): checked, then each through a new file and a rename. */
export function writeProjectFiles(out: string, files: Record<string, string>): void {
  const names = Object.keys(files);
  for (const name of names) if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new UnsafeOutputError(`not a plain file name: ${JSON.stringify(name)}`);
  checkOutput(out, names);
  mkdirSync(out, { recursive: true });
  checkOutput(out, names);
  for (const [name, text] of Object.entries(files)) {
    const temp = join(out, `.${name}.${process.pid}.${Date.now()}.tmp`);
    // O_EXCL: a new file, never an existing one (nor a link to one); O_NOFOLLOW: a link is refused (ELOOP).
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } catch (err) {
      closeSync(fd);
      rmSync(temp, { force: true });
      throw err;
    }
    closeSync(fd);
    renameSync(temp, join(out, name));
  }
}
