/**
 * The longest code anyone types: ours ("LG…") or a carrier's (at most 40 characters). Its own module: the
 * tracking page's address check runs in every page's JavaScript, its texts only on the page.
 */
export const TRACKING_CODE_MAX = 64
