/** The abuse module's front door: what other modules and the server use of it. */
export { limitRequests } from "./limitRequests"
