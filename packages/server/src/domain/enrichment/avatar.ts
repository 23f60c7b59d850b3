import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

/*
 * Avatars (GET /avatars/{uniqueID}, decision 1757): a GitHub-style identicon, a
 * 5x5 grid mirrored left to right, its cells and colour taken from the SHA-256
 * of the ID, encoded as PNG by pngjs. Same ID, same bytes.
 */

export const AVATAR_SIZE = 128;
const GRID = 5;
const CELL = 20;
const MARGIN = (AVATAR_SIZE - GRID * CELL) / 2;
const BACKGROUND = [240, 240, 240] as const;

/** HSL (h in degrees, s and l in 0..1) to RGB bytes. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export function identicon(uniqueID: string): Uint8Array {
  const digest = createHash('sha256').update(uniqueID, 'utf8').digest();
  const colour = hsl(((digest[0]! << 8) | digest[1]!) % 360, 0.45 + (digest[2]! % 20) / 100, 0.45 + (digest[3]! % 15) / 100);
  // Fifteen cells decide the left three columns; the right two mirror them.
  const on = (row: number, column: number) => {
    const source = column < 3 ? column : GRID - 1 - column;
    return (digest[4 + row * 3 + source]! & 1) === 1;
  };
  const png = new PNG({ width: AVATAR_SIZE, height: AVATAR_SIZE, colorType: 2, inputHasAlpha: true });
  for (let y = 0; y < AVATAR_SIZE; y++) {
    for (let x = 0; x < AVATAR_SIZE; x++) {
      const column = Math.floor((x - MARGIN) / CELL);
      const row = Math.floor((y - MARGIN) / CELL);
      const inside = x >= MARGIN && y >= MARGIN && column < GRID && row < GRID;
      const [r, g, b] = inside && on(row, column) ? colour : BACKGROUND;
      const offset = (y * AVATAR_SIZE + x) * 4;
      png.data[offset] = r;
      png.data[offset + 1] = g;
      png.data[offset + 2] = b;
      png.data[offset + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png, { colorType: 2 }));
}
