import {
  acceptDispute,
  deleteDisputeEvidence,
  getDispute,
  getDisputeEvidence,
  getDisputeEvidenceData,
  listDisputeEvidence,
  listDisputes,
  submitDisputeEvidence,
  updateDisputeEvidence,
  uploadDisputeEvidenceFile,
  uploadDisputeEvidenceText,
} from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const disputeHandlers = {
  [listDisputes.id]: handle(listDisputes, async ({ params, query }, ctx) => ({
    body: await ctx.services.disputes.list(callerOf(ctx), id(params.accountID), query),
  })),
  [getDispute.id]: handle(getDispute, async ({ params }, ctx) => ({
    body: await ctx.services.disputes.get(callerOf(ctx), id(params.accountID), id(params.disputeID)),
  })),
  [acceptDispute.id]: handle(acceptDispute, async ({ params }, ctx) => ({
    body: await ctx.services.disputes.accept(callerOf(ctx), id(params.accountID), id(params.disputeID)),
  })),
  [uploadDisputeEvidenceFile.id]: handle(uploadDisputeEvidenceFile, async ({ params, body }, ctx) => ({
    body: await ctx.services.disputes.uploadFile(callerOf(ctx), id(params.accountID), id(params.disputeID), {
      evidenceType: body.evidenceType,
      file: body.file,
    }),
  })),
  [uploadDisputeEvidenceText.id]: handle(uploadDisputeEvidenceText, async ({ params, body }, ctx) => ({
    body: await ctx.services.disputes.uploadText(callerOf(ctx), id(params.accountID), id(params.disputeID), body),
  })),
  [listDisputeEvidence.id]: handle(listDisputeEvidence, async ({ params }, ctx) => ({
    body: await ctx.services.disputes.listEvidence(callerOf(ctx), id(params.accountID), id(params.disputeID)),
  })),
  [getDisputeEvidence.id]: handle(getDisputeEvidence, async ({ params }, ctx) => ({
    body: await ctx.services.disputes.getEvidence(callerOf(ctx), id(params.accountID), id(params.disputeID), id(params.evidenceID)),
  })),
  [updateDisputeEvidence.id]: handle(updateDisputeEvidence, async ({ params, body }, ctx) => ({
    body: await ctx.services.disputes.updateEvidence(callerOf(ctx), id(params.accountID), id(params.disputeID), id(params.evidenceID), body),
  })),
  [deleteDisputeEvidence.id]: handle(deleteDisputeEvidence, async ({ params }, ctx) => {
    await ctx.services.disputes.deleteEvidence(callerOf(ctx), id(params.accountID), id(params.disputeID), id(params.evidenceID));
  }),
  [getDisputeEvidenceData.id]: handle(getDisputeEvidenceData, async ({ params }, ctx) => ({
    binary: await ctx.services.disputes.getEvidenceData(callerOf(ctx), id(params.accountID), id(params.disputeID), id(params.evidenceID)),
  })),
  [submitDisputeEvidence.id]: handle(submitDisputeEvidence, async ({ params }, ctx) => ({
    body: await ctx.services.disputes.submit(callerOf(ctx), id(params.accountID), id(params.disputeID)),
  })),
};
