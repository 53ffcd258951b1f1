/** The account module's front door: what other modules and the server use of it. */
export { closeAccount } from "./closeAccount"
export { eraseLapsedRecords } from "./eraseLapsedRecords"
export { exportMyData } from "./exportMyData"
export { forgetDeletedAccountHandler } from "./forgetDeletedAccount"
export { listHeldEditions } from "./listHeldEditions"
export { listSubscribedCollections } from "./listSubscribedCollections"
export { previewAccountDeletion } from "./previewAccountDeletion"
