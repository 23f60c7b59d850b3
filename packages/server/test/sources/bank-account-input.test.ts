import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAccountNumber, lastFour } from '../../src/domain/sources/account-number.ts';
import { bankAccountValidationBody, checkBankAccountDetails } from '../../src/domain/sources/bank-account-input.ts';
import {
  accountTypeRefusal,
  BANK_ACCOUNT_HOLDER_TYPES,
  BANK_ACCOUNT_TYPES,
  isBankAccountHolderType,
  isBankAccountType,
} from '../../src/domain/sources/bank-account-types.ts';
import { checkHolderName, HOLDER_NAME_MAX_LENGTH } from '../../src/domain/sources/holder-name.ts';
import { summarizeFieldErrors } from '../../src/domain/sources/field-errors.ts';

// Messages written out as a client reads them, never taken from the code under test (issue 15).

test('account numbers: 4 to 17 digits, kept exactly as given', () => {
  for (const number of ['1234', '0012345678', '12345678901234567']) {
    assert.deepEqual(checkAccountNumber(number), { ok: true, accountNumber: number });
  }
  const refusals: Array<[string, string]> = [
    ['', 'cannot be blank'],
    ['123', 'the length must be between 4 and 17'],
    ['123456789012345678', 'the length must be between 4 and 17'],
    ['1234 5678', 'must contain digits only'],
    ['1234-5678', 'must contain digits only'],
    ['12345e7', 'must contain digits only'],
    ['１２３４５', 'must contain digits only'],
    ['0000000', 'must be a valid account number (cannot be all zeros)'],
  ];
  for (const [number, reason] of refusals) assert.deepEqual(checkAccountNumber(number), { ok: false, reason }, number);
});

test('lastFour shows the last four digits only, and refuses what was never validated', () => {
  assert.equal(lastFour('12345678901234567'), '4567');
  assert.equal(lastFour('0001'), '0001');
  assert.throws(() => lastFour('123'), RangeError);
});

test('account and holder types are the SDK enums', () => {
  assert.deepEqual([...BANK_ACCOUNT_TYPES], ['checking', 'savings', 'general-ledger', 'loan']);
  assert.deepEqual([...BANK_ACCOUNT_HOLDER_TYPES], ['individual', 'business', 'guest']);
  assert.equal(isBankAccountType('checking'), true);
  assert.equal(isBankAccountType('Checking'), false);
  assert.equal(isBankAccountType(undefined), false);
  assert.equal(isBankAccountHolderType('business'), true);
  assert.equal(isBankAccountHolderType('company'), false);
});

test('general-ledger accounts belong to businesses only', () => {
  assert.equal(accountTypeRefusal('general-ledger', 'business'), undefined);
  assert.match(accountTypeRefusal('general-ledger', 'individual') ?? '', /business/);
  assert.match(accountTypeRefusal('general-ledger', 'guest') ?? '', /business/);
  assert.equal(accountTypeRefusal('loan', 'individual'), undefined);
});

test('holder names are trimmed, collapsed and bounded', () => {
  assert.deepEqual(checkHolderName('  Jules   Jackson '), { ok: true, holderName: 'Jules Jackson' });
  assert.deepEqual(checkHolderName('Zoë Ørsted-Núñez'), { ok: true, holderName: 'Zoë Ørsted-Núñez' });
  assert.deepEqual(checkHolderName('   '), { ok: false, reason: 'cannot be blank' });
  assert.deepEqual(checkHolderName('Jules\tJackson'), { ok: false, reason: 'must not contain control characters' });
  assert.deepEqual(checkHolderName('Jules\u200bJackson'), { ok: false, reason: 'must not contain control characters' });
  assert.deepEqual(checkHolderName('12345'), { ok: false, reason: 'must contain at least one letter' });
  assert.equal(checkHolderName('a'.repeat(HOLDER_NAME_MAX_LENGTH)).ok, true);
  assert.deepEqual(checkHolderName('a'.repeat(HOLDER_NAME_MAX_LENGTH + 1)), {
    ok: false,
    reason: `the length must be between 1 and ${HOLDER_NAME_MAX_LENGTH}`,
  });
});

const goodAccount = {
  holderName: ' Jules Jackson ',
  holderType: 'individual',
  accountNumber: '0004321567000',
  bankAccountType: 'checking',
  routingNumber: '123456780',
};

test('a good link body comes back normalized', () => {
  assert.deepEqual(checkBankAccountDetails(goodAccount), {
    ok: true,
    value: { ...goodAccount, holderName: 'Jules Jackson' },
  });
});

test('every bad field is reported at once, keyed like the request', () => {
  const checked = checkBankAccountDetails({
    holderName: 42,
    holderType: 'company',
    accountNumber: '12',
    bankAccountType: '',
    routingNumber: '123456789',
  });
  assert.deepEqual(checked, {
    ok: false,
    errors: {
      holderName: 'must be a string',
      holderType: 'must be a valid value',
      accountNumber: 'the length must be between 4 and 17',
      bankAccountType: 'cannot be blank',
      routingNumber: 'must be a valid ABA routing number (check digit does not match)',
    },
  });
});

test('missing fields are blank, and the 422 body folds them into `account` the way ozzo-validation prints them', () => {
  const checked = checkBankAccountDetails({});
  assert.equal(checked.ok, false);
  if (checked.ok) return;
  assert.deepEqual(bankAccountValidationBody(checked.errors), {
    account:
      'accountNumber: cannot be blank; bankAccountType: cannot be blank; holderName: cannot be blank; ' +
      'holderType: cannot be blank; routingNumber: cannot be blank.',
  });
});

test('a general-ledger account for an individual is refused on bankAccountType', () => {
  const checked = checkBankAccountDetails({ ...goodAccount, bankAccountType: 'general-ledger' });
  assert.deepEqual(checked, { ok: false, errors: { bankAccountType: 'general-ledger accounts must have holderType business' } });
  assert.equal(checkBankAccountDetails({ ...goodAccount, bankAccountType: 'general-ledger', holderType: 'business' }).ok, true);
});

test('summaries nest and sort', () => {
  assert.equal(summarizeFieldErrors({}), '');
  assert.equal(summarizeFieldErrors({ b: 'x', a: { d: 'z', c: 'y' } }), 'a: (c: y; d: z.); b: x.');
});
