/** A clock services take instead of calling `Date.now()` directly, so tests can move time. */
export type Clock = () => Date;

/** The real clock. */
export const systemClock: Clock = () => new Date();
