/** The contract's msg catalogue (every server msg key in jp, cn and us), loaded as its own chunk. */
export { translate } from '@kabuto/contract';
