#!/usr/bin/env node
// Draws Cairn's icon (three stacked stones) into the PNGs the Web App Manifest names.
// Run once after changing the drawing; the PNGs are committed. No image library: a tiny
// supersampled rasterizer and a PNG encoder over node:zlib.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BG = [0x1f, 0x3a, 0x34];
const STONES = [
  // cx, cy, rx, ry in a 0..1 box (safe zone for maskable is the central 80%)
  { cx: 0.5, cy: 0.7, rx: 0.27, ry: 0.1, c: [0xd9, 0xcf, 0xbd] },
  { cx: 0.5, cy: 0.52, rx: 0.2, ry: 0.085, c: [0xc2, 0xb6, 0xa0] },
  { cx: 0.5, cy: 0.37, rx: 0.13, ry: 0.07, c: [0xe8, 0xe1, 0xd3] },
];
function draw(size, { maskable }) {
  const out = Buffer.alloc(size * size * 4);
  const ss = 4;
  const radius = maskable ? 0 : 0.22; // rounded square for "any", full bleed for maskable
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const u = (x + (sx + 0.5) / ss) / size;
          const v = (y + (sy + 0.5) / ss) / size;
          const dx = Math.max(0, Math.abs(u - 0.5) - (0.5 - radius));
          const dy = Math.max(0, Math.abs(v - 0.5) - (0.5 - radius));
          if (radius > 0 && dx * dx + dy * dy > radius * radius) continue;
          let col = BG;
          const scale = maskable ? 0.8 : 1; // keep the stones inside the maskable safe zone
          for (const s of STONES) {
            const px = (u - 0.5) / scale + 0.5;
            const py = (v - 0.5) / scale + 0.5;
            const e = ((px - s.cx) / s.rx) ** 2 + ((py - s.cy) / s.ry) ** 2;
            if (e <= 1) col = s.c;
          }
          r += col[0];
          g += col[1];
          b += col[2];
          a += 255;
        }
      }
      const n = ss * ss;
      const i = (y * size + x) * 4;
      const cover = a / n / 255;
      out[i] = cover ? Math.round(r / (cover * n)) : 0;
      out[i + 1] = cover ? Math.round(g / (cover * n)) : 0;
      out[i + 2] = cover ? Math.round(b / (cover * n)) : 0;
      out[i + 3] = Math.round(a / n);
    }
  }
  return png(size, out);
}

const dir = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', dir), draw(192, { maskable: false }));
writeFileSync(new URL('icon-512.png', dir), draw(512, { maskable: false }));
writeFileSync(new URL('maskable-512.png', dir), draw(512, { maskable: true }));
writeFileSync(new URL('apple-touch-icon-180.png', dir), draw(180, { maskable: true }));
console.log('icons written to public/icons/');
