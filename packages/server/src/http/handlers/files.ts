import { getFile, listFiles, uploadFile } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

const id = (value: string) => value.toLowerCase();

export const fileHandlers = {
  [uploadFile.id]: handle(uploadFile, async ({ params, body }, ctx) => ({
    body: await ctx.services.files.upload(callerOf(ctx), id(params.accountID), body),
  })),
  [listFiles.id]: handle(listFiles, async ({ params }, ctx) => ({
    body: await ctx.services.files.list(callerOf(ctx), id(params.accountID)),
  })),
  [getFile.id]: handle(getFile, async ({ params }, ctx) => ({
    body: await ctx.services.files.get(callerOf(ctx), id(params.accountID), id(params.fileID)),
  })),
};
