import { defineOperation } from '../core/operation.ts';

export const ping = defineOperation({
  id: 'ping.ping',
  method: 'GET',
  path: '/ping',
  summary: 'Check credentials and reachability',
  description: 'Answers 200 with an empty body when the credentials are valid. Use it to test an API key or token.',
  auth: 'api',
  scopes: ['/ping.read'],
  readOnly: true,
  request: {},
  response: { status: 200, description: 'Credentials are valid' },
  errors: { 401: { description: 'Missing or wrong credentials' } },
});

export const pingOperations = [ping] as const;
