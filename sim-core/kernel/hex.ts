/** A byte address as people read it: `0x40`. */
export const hex = (n: number): string => `0x${n.toString(16)}`;
