/**
 * Error specs every authenticated operation shares; their bodies are empty
 * (docs/api-behaviour.md §4.1). Not-found descriptions name each operation's own
 * resources, so they stay with the operations.
 */
export const noCredentials = { description: 'Missing or wrong credentials' } as const;
export const missingScope = { description: 'The access token lacks the scope this operation needs' } as const;
