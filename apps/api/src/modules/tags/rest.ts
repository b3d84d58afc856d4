import { z } from 'zod';

import { renameTagInput, tagListOutput, tagOutput } from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { deleteTag, listTags, renameTag } from './service';

const TAG = 'Tags';

export const tagRoutes = [
  defineRoute({
    method: 'get',
    path: '/tags',
    tag: TAG,
    summary: 'Your tags, A to Z, each with how many transactions carry it',
    auth: 'required',
    responses: { 200: { description: 'The tags.', schema: tagListOutput } },
    handle: ({ deps, user }) => listTags(deps, { userId: user.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/tags/:id',
    tag: TAG,
    summary: 'Rename a tag on every transaction',
    description:
      'Renaming to the name of another of your tags (in any letter case) merges the two: their transactions ' +
      'all carry the remaining tag, spelled as sent, and the renamed one is gone.',
    auth: 'required',
    body: renameTagInput.pick({ name: true }),
    responses: { 200: { description: 'The tag that remains.', schema: tagOutput } },
    errors: { 404: 'Not one of your tags.' },
    handle: ({ deps, user, params, body }) =>
      renameTag(deps, { userId: user.id, id: params.id, name: body.name }),
  }),
  defineRoute({
    method: 'delete',
    path: '/tags/:id',
    tag: TAG,
    summary: 'Delete a tag: every transaction loses it',
    auth: 'required',
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
    errors: { 404: 'Not one of your tags.' },
    handle: async ({ deps, user, params }) => {
      await deleteTag(deps, { userId: user.id, id: params.id });
      return { message: 'Tag deleted' };
    },
  }),
];
