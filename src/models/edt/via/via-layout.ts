/**
 * Where the VIA step diagram draws things (seed 002 Fig. 2) [002 L64-66]: the sending host on the
 * left, the receiving one on the right, each a processor over its registered memory (user buffer,
 * descriptor, completion queue) over its NI (doorbell, NI buffer, VI-MSG), and one numbered arrow
 * per step. The receiver's column mirrors the sender's.
 */
import type { ViaStep } from '../../../../sim-core/ni/edt/edt-events';

export const VIEW_W = 800;
export const VIEW_H = 310;

export interface Box {
  key: string;
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The sender's boxes; the receiver's are the same mirrored. */
const SENDER: Box[] = [
  { key: 'cpu', label: 'CPU (VIPL)', x: 130, y: 10, w: 120, h: 40 },
  { key: 'buffer', label: 'user buffer', x: 20, y: 120, w: 100, h: 40 },
  { key: 'desc', label: 'descriptor', x: 140, y: 120, w: 100, h: 40 },
  { key: 'cq', label: 'CQ', x: 260, y: 120, w: 100, h: 40 },
  { key: 'doorbell', label: 'doorbell', x: 20, y: 240, w: 80, h: 50 },
  { key: 'nibuf', label: 'NI buffer', x: 130, y: 240, w: 120, h: 50 },
  { key: 'vimsg', label: 'VI-MSG', x: 280, y: 240, w: 80, h: 50 },
];

const mirrorBox = (b: Box): Box => ({ ...b, x: VIEW_W - b.x - b.w });

export const BOXES = { sender: SENDER, receiver: SENDER.map(mirrorBox) };

export interface Arrow {
  step: ViaStep | 'net';
  side: 'sender' | 'receiver' | 'both';
  /** Points of the polyline, and where its number sits. */
  points: [number, number][];
  label: [number, number];
}

const mirror = (points: [number, number][]): [number, number][] =>
  points.map(([x, y]) => [VIEW_W - x, y]);
const reverse = (points: [number, number][]) => [...points].reverse();

const S1: [number, number][] = [
  [150, 50],
  [90, 118],
];
const S2: [number, number][] = [
  [185, 50],
  [185, 118],
];
const S3: [number, number][] = [
  [130, 30],
  [8, 30],
  [8, 265],
  [18, 265],
];
const S4: [number, number][] = [
  [205, 160],
  [205, 238],
];
const S5: [number, number][] = [
  [85, 160],
  [155, 238],
];
const S6: [number, number][] = [
  [320, 240],
  [320, 162],
];
const S7: [number, number][] = [
  [300, 120],
  [235, 52],
];

export const ARROWS: Arrow[] = [
  { step: 'Send1', side: 'sender', points: S1, label: [112, 80] },
  { step: 'Send2', side: 'sender', points: S2, label: [185, 84] },
  { step: 'Send3', side: 'sender', points: S3, label: [8, 150] },
  { step: 'Send4', side: 'sender', points: S4, label: [205, 200] },
  { step: 'Send5', side: 'sender', points: S5, label: [120, 200] },
  { step: 'Send6', side: 'sender', points: S6, label: [320, 200] },
  { step: 'Send7', side: 'sender', points: S7, label: [262, 80] },
  {
    step: 'net',
    side: 'both',
    points: [
      [362, 265],
      [438, 265],
    ],
    label: [400, 265],
  },
  { step: 'Recv1', side: 'receiver', points: mirror(S2), label: [VIEW_W - 185, 84] },
  { step: 'Recv2', side: 'receiver', points: mirror(S3), label: [VIEW_W - 8, 150] },
  { step: 'Recv3', side: 'receiver', points: mirror(S4), label: [VIEW_W - 205, 200] },
  { step: 'Recv4', side: 'receiver', points: reverse(mirror(S5)), label: [VIEW_W - 120, 200] },
  { step: 'Recv5', side: 'receiver', points: mirror(S6), label: [VIEW_W - 320, 200] },
  { step: 'Recv6', side: 'receiver', points: mirror(S7), label: [VIEW_W - 262, 80] },
  { step: 'Recv7', side: 'receiver', points: reverse(mirror(S1)), label: [VIEW_W - 112, 80] },
];

/** "S1" for Send1, "R7" for Recv7. */
export const shortName = (step: ViaStep | 'net') =>
  step === 'net' ? '' : `${step[0]}${step.slice(-1)}`;
