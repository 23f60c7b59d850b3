// What building an object costs in this Node's V8, by the literal's form: the check behind the
// create path's object literals (decision 2001, amendment "Node's own work, objects that grow
// after a spread"). In Node 20 a literal that starts with a spread and then adds properties the
// spread did not bring takes a slow path (microseconds, not hundredths of one), and every object it
// makes gets a hidden class (map) of its own, so the code that reads those objects afterwards
// meets a new shape each time. Overriding properties the spread brought, or writing the spread
// last, does neither.
//   node --allow-natives-syntax --import tsx bench/tools/spread-cost.ts [--n 200000]
// Without --allow-natives-syntax the maps are not counted (V8 answers them only through its
// natives); the times are printed either way.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const event = { platformID: 'platform', type: 'transfer.created', data: { status: 'created' } };
const account = { ledgerAccountID: 'l', platformID: 'p', currency: 'USD', allowNegative: false, available: 1, pending: 0, postingCount: 3 };

/** Each form builds an object from `i`, as the create path did before (the "grows" ones) or does now. */
export const FORMS: Readonly<Record<string, (i: number) => object>> = {
  'plain literal, 6 properties': (i) => ({ platformID: event.platformID, type: event.type, data: event.data, eventID: 'e', createdOn: 'c', dueMs: i }),
  '{ ...event } (a copy)': () => ({ ...event }),
  '{ ...event, eventID, createdOn, dueMs } (grows: 3 new)': (i) => ({ ...event, eventID: 'e', createdOn: 'c', dueMs: i }),
  '{ ...account, available, pending, postingCount } (3 it had)': (i) => ({ ...account, available: i, pending: 0, postingCount: i }),
  '{ ...(i >= 0 ? { w } : {}), then 10 properties } (grows)': (i) => ({ ...(i >= 0 ? { w: i } : {}), a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, j: 9, k: i }),
  '{ 10 properties, ...(i >= 0 ? { w } : {}) } (spread last)': (i) => ({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, j: 9, k: i, ...(i >= 0 ? { w: i } : {}) }),
};

type SameMap = (a: object, b: object) => boolean;

/** V8's own answer to "do these two objects share a map", or undefined when natives are not allowed. */
export function sameMapCheck(): SameMap | undefined {
  try {
    // Compiled at run time, so only V8 (never the TypeScript loader) reads the native call.
    return new Function('a', 'b', 'return %HaveSameMap(a, b)') as SameMap;
  } catch {
    return undefined;
  }
}

export interface FormFigure {
  form: string;
  /** µs per object, the third of three rounds (the first two warm the code). */
  micros: number;
  /** How many of `n` objects had a map other than the object made before them; undefined without natives. */
  mapChanges: number | undefined;
}

export function measureForms(n: number, sameMap = sameMapCheck()): FormFigure[] {
  const figures: FormFigure[] = [];
  let sink = 0;
  for (const [form, build] of Object.entries(FORMS)) {
    let micros = 0;
    for (let round = 0; round < 3; round++) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < n; i++) sink += build(i) === undefined ? 0 : 1;
      micros = Number(process.hrtime.bigint() - started) / 1000 / n;
    }
    let mapChanges: number | undefined;
    if (sameMap) {
      mapChanges = 0;
      let previous = build(0);
      for (let i = 1; i < n; i++) {
        const next = build(i);
        if (!sameMap(previous, next)) mapChanges++;
        previous = next;
      }
    }
    figures.push({ form, micros, mapChanges });
  }
  if (sink !== 3 * n * figures.length) throw new Error('an object was not built');
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { n: { type: 'string', default: '200000' }, json: { type: 'boolean', default: false } } });
  const n = Math.max(1000, Math.min(Number(values.n) || 200_000, 10_000_000));
  const figures = measureForms(n);
  if (values.json) {
    console.log(JSON.stringify({ node: process.version, n, figures }));
  } else {
    console.log(`node ${process.version}, ${n} objects per form; µs per object (the third of three rounds), and objects whose map differs from the one before`);
    for (const { form, micros, mapChanges } of figures) {
      console.log(`${micros.toFixed(3).padStart(7)} µs  ${String(mapChanges ?? '(run with --allow-natives-syntax)').padStart(7)}  ${form}`);
    }
  }
}
