/**
 * The three ways a processor and an NI exchange messages (Table 1's columns), as registry
 * entries: the routine names the messaging layer calls, the NI's own loop, and the hooks the
 * shared bus calls. An NI kind picks its entry by `NI_KINDS[kind].mechanism`.
 */
import { NI_KINDS, type NiMechanism } from '../config';
import type { CniConfig } from '../cni-config';
import type { CniRoutine, Mechanism } from '../cni-node';
import { cdrDeviceIdle, cdrHooks, cdrRoutines } from './cdr';
import { messagingRoutines } from './messaging';
import { ni2wDeviceIdle, ni2wHooks, ni2wRoutines } from './ni2w';
import { queueDeviceIdle, queueHooks, queueRoutines } from './queue';

export const MECHANISMS: Readonly<Record<NiMechanism, Mechanism>> = {
  'uncached-registers': {
    send: 'ni2w.send',
    receive: 'ni2w.receive',
    device: 'ni2w.device',
    hooks: ni2wHooks,
    deviceIdle: ni2wDeviceIdle,
    queues: null,
  },
  cdr: {
    send: 'cdr.send',
    receive: 'cdr.receive',
    device: 'cdr.device',
    hooks: cdrHooks,
    deviceIdle: cdrDeviceIdle,
    queues: null,
  },
  queue: {
    send: 'queue.send',
    receive: 'queue.receive',
    device: 'queue.device',
    hooks: queueHooks,
    deviceIdle: queueDeviceIdle,
    queues: { send: 'sq', receive: 'rq' },
  },
};

export const mechanismOf = (cfg: CniConfig): Mechanism => MECHANISMS[NI_KINDS[cfg.ni].mechanism];

export const ROUTINES: Readonly<Record<string, CniRoutine>> = {
  ...messagingRoutines,
  ...ni2wRoutines,
  ...cdrRoutines,
  ...queueRoutines,
};
