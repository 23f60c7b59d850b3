import { checkBankAccountDetails, bankAccountValidationBody, type BankAccountDetails } from '../sources/bank-account-input.ts';
import { MESSAGES } from '../sources/field-errors.ts';
import { ValidationFailed } from '../../kernel/errors.ts';

/** The payload kinds of a link request; Railyard serves only `account`. */
const AGGREGATOR_PAYLOADS = {
  plaid: 'Plaid',
  plaidLink: 'Plaid Link',
  mx: 'MX',
} as const;
const PAYLOAD_KEYS = ['account', ...Object.keys(AGGREGATOR_PAYLOADS)] as const;

/**
 * Reads a link body into validated details, or throws the API's 422
 * (`BankAccountValidationError`): every field refusal folded into `account`,
 * and the aggregator payloads refused under their own key, since Railyard has
 * no Plaid or MX integration to exchange their tokens with. `allowGuestHolder`
 * is the HTTP edge's per-version gate on `holderType: guest`.
 */
export function readLinkBody(body: Record<string, unknown>, options: { allowGuestHolder: boolean }): BankAccountDetails {
  const present = PAYLOAD_KEYS.filter((key) => body[key] !== undefined && body[key] !== null);
  if (present.length > 1) {
    throw new ValidationFailed({ error: `send exactly one of account, plaid, plaidLink or mx, not ${present.join(' and ')}` });
  }
  const kind = present[0];
  if (kind === undefined) throw new ValidationFailed({ account: MESSAGES.blank });
  if (kind !== 'account') {
    const name = AGGREGATOR_PAYLOADS[kind as keyof typeof AGGREGATOR_PAYLOADS];
    throw new ValidationFailed({
      [kind]: `${name} is not available in Railyard: link the bank account with its routing and account numbers ({"account": {…}})`,
    });
  }
  const account = body['account'];
  if (typeof account !== 'object' || Array.isArray(account)) throw new ValidationFailed({ account: 'must be an object' });
  const input = account as Record<string, unknown>;
  const checked = checkBankAccountDetails(input);
  // `guest` holders arrived with v2025.07; older versions' callers cannot name them.
  const guestRefused = !options.allowGuestHolder && input['holderType'] === 'guest';
  if (!checked.ok || guestRefused) {
    const errors = checked.ok ? {} : checked.errors;
    if (guestRefused) errors['holderType'] = MESSAGES.invalidValue;
    throw new ValidationFailed(bankAccountValidationBody(errors));
  }
  return checked.value;
}
