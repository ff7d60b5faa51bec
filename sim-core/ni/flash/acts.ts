/** Every act a handler may name (handlers.ts), gathered by side. */
import { COMMAND_ACTS } from './acts-command';
import { RECEIVE_ACTS } from './acts-receive';
import { SEND_ACTS } from './acts-send';
import type { Act } from './acts-types';
import type { ActName } from './handlers';

export const ACTS: Readonly<Record<ActName, Act>> = {
  ...COMMAND_ACTS,
  ...SEND_ACTS,
  ...RECEIVE_ACTS,
};
