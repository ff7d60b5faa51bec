/** The NI's four queues (seed 001 §C.7; digest §C.8), in the dispatch's priority order. */
export const QUEUE_NAMES = ['systemError', 'system', 'user', 'userError'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
