/** Spec 2 §8: the dashboard's update failure, word for word (the board and a step's Update dialog). */
export const UPDATE_FAILED = 'Failed to update project. Please try again.';

/** A step's Update dialog saved with nothing changed. */
export const NOTHING_CHANGED = 'Nothing has changed yet: change a field, or choose Cancel.';
