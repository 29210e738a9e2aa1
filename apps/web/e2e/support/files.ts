/** Files the browser tests upload or drop, built in memory. */
import { crc32, deflateSync } from 'node:zlib';

/** A PNG of one colour: signature, IHDR (8-bit RGB), one IDAT of unfiltered rows, IEND. */
export function buildPng(
  width: number,
  height: number,
  rgb: [number, number, number] = [0, 150, 143],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => line)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
