/**
 * Who is calling: always one platform (its facilitator account), through an
 * API key or an OAuth2 token. Every store query is scoped by `platformID`.
 */
export interface Caller {
  platformID: string;
  publicKey: string;
  /** Present for Bearer tokens; Basic auth is never narrowed by scopes. */
  scopes?: ReadonlySet<string>;
}
