/** An act: what a handler's `act` step does, at once (handlers.ts). */
import type { FlashCtx } from './flash-context';
import type { FlashNode, RunningHandler } from './flash-state';

export type Act = (ctx: FlashCtx, node: FlashNode, run: RunningHandler) => void;
