import { accountEmailsHandler } from "../mail/accountEmails"

/** Every handler of the store, in the order they run on one event. Later modules add theirs here. */
export const storeHandlers = [accountEmailsHandler] as const
