// Bench check for the journal floor (servers/journal-floor.ts): how many transfers
// its journal holds, and whether replaying it conserves money (every line's
// postings sum to zero and credit the amount, no key or transfer twice, the
// source never below zero). Prints one JSON object: {"transfers":N,"conserved":true|false}.
//   node --import tsx bench/tools/check-journal.ts --journal FILE
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { JOURNAL_DESTINATION, JOURNAL_FUNDS, JOURNAL_SOURCE, type JournalLine } from '../servers/journal-floor.ts';

const { values } = parseArgs({ options: { journal: { type: 'string' } } });
if (!values.journal) throw new Error('usage: check-journal --journal FILE');
const bytes = readFileSync(values.journal);
// The file is preallocated with zeros: the journal ends at the first zero byte.
const end = bytes.indexOf(0);
const text = bytes.subarray(0, end === -1 ? bytes.length : end).toString('utf8');
const lines = text.split('\n').filter((line) => line.length > 0);
const balances = new Map([[JOURNAL_SOURCE, JOURNAL_FUNDS], [JOURNAL_DESTINATION, 0]]);
const keys = new Set<string>();
const transferIDs = new Set<string>();
let conserved = text.length === 0 || text.endsWith('\n');
for (const raw of lines) {
  const line = JSON.parse(raw) as JournalLine;
  const credit = line.postings.find(([wallet]) => wallet === JOURNAL_DESTINATION)?.[1];
  const sum = line.postings.reduce((total, [, amount]) => total + amount, 0);
  if (sum !== 0 || credit !== line.amount || keys.has(line.key) || transferIDs.has(line.transferID)) conserved = false;
  keys.add(line.key);
  transferIDs.add(line.transferID);
  for (const [wallet, amount] of line.postings) {
    const next = (balances.get(wallet) ?? Number.NaN) + amount;
    if (!(next >= 0)) conserved = false;
    balances.set(wallet, next);
  }
}
conserved &&= balances.get(JOURNAL_SOURCE)! + balances.get(JOURNAL_DESTINATION)! === JOURNAL_FUNDS;
process.stdout.write(JSON.stringify({ transfers: lines.length, conserved }) + '\n');
