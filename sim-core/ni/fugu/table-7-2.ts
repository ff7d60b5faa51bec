/**
 * Seed 004's Table 7-2 (8 processors) [004 L1313-1318]: each application's time between handlers
 * and its handler's length, which includes the 115-cycle interrupt overhead [004 L1320]; the
 * application look-alikes (app-likes.ts) imitate these rates and nothing else.
 */
export const APP_LIKE_NAMES = ['barnes', 'water', 'lu', 'enum', 'barrier', 'null'] as const;
export type AppLike = (typeof APP_LIKE_NAMES)[number];

/** Table 7-2 (cycles): T_interhandler and T_handler per application [004 L1313-1318]. */
export const TABLE_7_2: Readonly<
  Record<
    Exclude<AppLike, 'null'>,
    { interhandler: number; handler: number; shape: 'crl' | 'stream' | 'barrier' }
  >
> = {
  barnes: { interhandler: 3390, handler: 337, shape: 'crl' },
  water: { interhandler: 10_500, handler: 419, shape: 'crl' },
  lu: { interhandler: 14_200, handler: 478, shape: 'crl' },
  enum: { interhandler: 953, handler: 320, shape: 'stream' },
  barrier: { interhandler: 615, handler: 149, shape: 'barrier' },
};
