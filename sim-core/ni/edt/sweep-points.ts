/**
 * The points of the paper's size sweep (seed 002 §7.2, Fig. 7-9) [002 L194]: its message sizes,
 * 64 B to 4 KB, and DMA rates, the peak and two derated. The breakdown panel lists them without
 * the machine; edt-sweep.ts runs them.
 */
export const SWEEP_SIZES = [64, 128, 256, 512, 1024, 2048, 4096] as const;
export const SWEEP_RATES = [1, 0.75, 0.5] as const;
