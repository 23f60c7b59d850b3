// Filled by the accounts work: every accounts operation of behaviour.md §5.1.
export const accountOperations = [] as const;
