/** The users module's front door: what other modules and the server use of it. */
export { changeUserRole } from "./changeUserRole"
export { listUsers } from "./listUsers"
export { resendVerification } from "./resendVerification"
export { setUserBlocked } from "./setUserBlocked"
export { activeAdminIds } from "./userView"
