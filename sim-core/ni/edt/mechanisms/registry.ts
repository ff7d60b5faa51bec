/**
 * The two ways host and NI exchange data (seed 002 §3-4), as registry entries: the eager
 * mechanism of the EDT NI and the DMA mechanism of the others. An NI kind picks its entry by
 * `EDT_NI_KINDS[kind].mechanism`; the routines of every entry are one table.
 */
import type { EdtRoutine, Mechanism } from '../edt-node';
import { EDT_NI_KINDS, type EdtNiName, type TransferMechanism } from '../ni-kinds';
import { viaRoutines } from '../via';
import { viMsgRoutines } from '../vimsg';
import { dmaMechanism, dmaRoutines } from './dma';
import { eagerMechanism, eagerRoutines } from './eager';

export const MECHANISMS: Readonly<Record<TransferMechanism, Mechanism>> = {
  eager: eagerMechanism,
  dma: dmaMechanism,
};

export const mechanismOf = (ni: EdtNiName): Mechanism => MECHANISMS[EDT_NI_KINDS[ni].mechanism];

export const ROUTINES: Readonly<Record<string, EdtRoutine>> = {
  ...viaRoutines,
  ...viMsgRoutines,
  ...eagerRoutines,
  ...dmaRoutines,
};
