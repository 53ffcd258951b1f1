/** The jobs module's front door: what other modules and the server use of it. */

export type { ScheduledJob } from "./runDueJobs"
export { runDueJobs } from "./runDueJobs"
