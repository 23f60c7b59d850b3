import type {
  BinaryBody,
  EnrichAddressFilter,
  EnrichedAddressView,
  EnrichedBusinessView,
  EnrichedIndustriesView,
} from '@railyard/contract';
import { suggestAddresses } from './address.ts';
import { identicon } from './avatar.ts';
import { listIndustries } from './industries.ts';
import { enrichProfile } from './profile.ts';

/**
 * The form-shortening reads (docs/onboarding.md): industries, address and
 * profile suggestions, avatars. They read no account and store nothing, so the
 * service needs no store; answers depend only on the question.
 */
export class EnrichmentService {
  industries(): EnrichedIndustriesView {
    return listIndustries();
  }

  address(filter: EnrichAddressFilter): EnrichedAddressView {
    return suggestAddresses(filter);
  }

  profile(email: string): EnrichedBusinessView {
    return enrichProfile(email);
  }

  avatar(uniqueID: string): BinaryBody {
    return { contentType: 'image/png', bytes: identicon(uniqueID) };
  }
}

