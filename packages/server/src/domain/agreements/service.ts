import type { BinaryBody } from '@railyard/contract';
import { NotFound } from '../../kernel/errors.ts';
import type { Store } from '../../store/port.ts';
import { findAccount, listCapabilities } from '../../store/repos/accounts.ts';
import { accessibleAccount } from '../accounts/access.ts';
import { parseStored } from '../accounts/document.ts';
import type { Caller } from '../auth/caller.ts';
import { renderAgreement, type AgreementFacts } from './pdf.ts';

/**
 * The merchant processing agreement of an account (GET
 * /accounts/{accountID}/merchant-agreement, decision 1756): generated on each
 * read from what the account holds, so it always matches it. Nothing is stored.
 */
export class AgreementService {
  constructor(private readonly store: Store) {}

  async get(caller: Caller, accountID: string): Promise<BinaryBody> {
    const facts = await this.store.read(async (sql) => {
      const { stored } = await accessibleAccount(sql, caller, accountID);
      const terms = stored.document.termsOfService;
      // No acceptance, no agreement: Moov answers 404 for an account without one.
      if (!terms?.acceptedDate || !terms.acceptedIP) throw new NotFound('merchant agreement');
      const platform = await findAccount(sql, caller.platformID);
      const profile = stored.document.profile;
      const business = profile.business;
      const individual = profile.individual;
      const address = business?.address ?? individual?.address;
      const capabilities = await listCapabilities(sql, [accountID]);
      const result: AgreementFacts = {
        accountID,
        legalName: business?.legalBusinessName ?? stored.document.displayName,
        accountType: stored.document.accountType,
        address: address
          ? [address.addressLine1, address.addressLine2, `${address.city}, ${address.stateOrProvince} ${address.postalCode}`, address.country].filter(Boolean).join(', ')
          : undefined,
        email: business?.email ?? individual?.email,
        acceptedDate: terms.acceptedDate,
        acceptedIP: terms.acceptedIP,
        acceptedDomain: stored.sensitive.termsOfService?.domain,
        capabilities: capabilities.map((row) => row.capability).sort(),
        platformName: platform ? parseStored(platform).document.displayName : 'the platform',
      };
      return result;
    });
    return { contentType: 'application/pdf', bytes: await renderAgreement(facts) };
  }
}
