import type { FinancialInstitutionsView, InstitutionSearch, InstitutionsSearchView } from '@railyard/contract';
import { searchAchParticipants, searchInstitutions } from './search.ts';

/** Institution search over Railyard's sandbox directory (directory.ts, decision 1754); no store needed. */
export class InstitutionService {
  search(search: InstitutionSearch): InstitutionsSearchView {
    return searchInstitutions(search);
  }

  searchAch(search: InstitutionSearch): FinancialInstitutionsView {
    return searchAchParticipants(search);
  }
}
