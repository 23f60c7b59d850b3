import { ping } from '@railyard/contract';
import { handle } from './handler.ts';

export const pingHandlers = {
  [ping.id]: handle(ping, async () => undefined),
};
