export { enqueueJob, type EnqueueJob, type EnqueuedJob } from './enqueue.ts';
export { claimDueJobs, type ClaimOptions } from './claim.ts';
export { completeJob, failJob, type FailOutcome } from './finish.ts';
export { JobRunner, stepClock, type JobContext, type JobHandler, type JobRunnerOptions, type RunSummary } from './runner.ts';
export type { ClaimedJob, Job } from './job.ts';
