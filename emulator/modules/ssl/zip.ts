/**
 * A minimal ZIP writer (STORE method, no compression) for ssl/getinfo infoType=zip: certificate files
 * are small, and any unzip tool reads stored entries. Layout per PKWARE APPNOTE 4.3: local headers
 * with data, central directory, end-of-central-directory record.
 */
import { crc32 } from "node:zlib";

/** DOS date/time fields of a Date (UTC). */
function dosTime(d: Date): { time: number; date: number } {
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
  const date = ((Math.max(1980, d.getUTCFullYear()) - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  return { time, date };
}

/**
 * The fields a local header and its central directory entry share, in the same order (APPNOTE
 * 4.3.7 and 4.3.12): version needed, flags, method, time, date, crc-32, both sizes, name length.
 */
function writeEntryFields(buf: Buffer, at: number, f: { time: number; date: number; crc: number; size: number; nameLength: number }): void {
  buf.writeUInt16LE(20, at); // version needed: 2.0
  buf.writeUInt16LE(0x0800, at + 2); // flags: names are UTF-8
  buf.writeUInt16LE(0, at + 4); // method: store
  buf.writeUInt16LE(f.time, at + 6);
  buf.writeUInt16LE(f.date, at + 8);
  buf.writeUInt32LE(f.crc, at + 10);
  buf.writeUInt32LE(f.size, at + 14);
  buf.writeUInt32LE(f.size, at + 18);
  buf.writeUInt16LE(f.nameLength, at + 22);
}

export function storeZip(entries: { name: string; data: Buffer }[], when = new Date()): Buffer {
  const { time, date } = dosTime(when);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const crc = crc32(e.data) >>> 0;
    const fields = { time, date, crc, size: e.data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    local.writeUInt16LE(0, 28); // extra length
    locals.push(local, name, e.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    writeEntryFields(central, 6, fields);
    // extra length, comment length, disk, internal attrs, external attrs: zero
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Reads back a STORE-only zip (used by the tests; also documents the layout). */
export function readStoreZip(zip: Buffer): { name: string; data: Buffer; crcOk: boolean }[] {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error("no end-of-central-directory record");
  const count = zip.readUInt16LE(endAt + 10);
  let p = zip.readUInt32LE(endAt + 16);
  const out: { name: string; data: Buffer; crcOk: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error("bad central directory header");
    const crc = zip.readUInt32LE(p + 16);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString("utf8");
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    out.push({ name, data, crcOk: crc32(data) >>> 0 === crc });
    p += 46 + nameLen + extra + comment;
  }
  return out;
}
