/** How long a message to support may be, in characters. */
export const SUPPORT_BODY_MIN = 5;
export const SUPPORT_BODY_MAX = 2000;
