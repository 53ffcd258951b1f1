// A hop of its own: the chunk that loads the dialog carries the list of the dialog's twenty chunks, so the
// collection page's initial JavaScript (where the button lives) does not.
export const loadSubscribeDialog = () => import("./SubscribeDialog")
