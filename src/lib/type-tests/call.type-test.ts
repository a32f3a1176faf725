/**
 * Compiled by `tsc -b` (tsconfig.app.json includes src/), never run: a wrong param or body of an
 * operation does not compile (issue #29 item 1). Each `@ts-expect-error` fails the build if the
 * line below it stops being an error.
 */
import { blockMember as blockMemberOp, unblockMember as unblockMemberOp } from '@common/api/blocks';
import { uploadImage as uploadImageOp } from '@common/api/images';
import { call } from '@/lib/api-client';

export async function typeTests(): Promise<void> {
  // Right: typed answer without a cast.
  const blocked = await call(blockMemberOp, { body: { userId: 3 } });
  const message: string = blocked.message;
  void message;
  // @ts-expect-error the answer has no such field
  void blocked.blockedUserId;
  await call(unblockMemberOp, { params: { userId: 3 } });

  // @ts-expect-error a param of the wrong type
  await call(unblockMemberOp, { params: { userId: 'three' } });
  // @ts-expect-error a param under the wrong name
  await call(unblockMemberOp, { params: { id: 3 } });
  // @ts-expect-error the params are missing
  await call(unblockMemberOp, {});
  // @ts-expect-error a body field of the wrong type
  await call(blockMemberOp, { body: { userId: '3' } });
  // @ts-expect-error the body is missing
  await call(blockMemberOp, {});
  // @ts-expect-error a body where the operation takes none
  await call(unblockMemberOp, { params: { userId: 3 }, body: { userId: 3 } });

  // A multipart upload takes FormData (its operation `consumes` it and has no JSON body schema).
  const uploaded = await call(uploadImageOp, { body: new FormData() });
  void uploaded.url;
  // @ts-expect-error a JSON body where the operation consumes multipart
  await call(uploadImageOp, { body: { image: 'x' } });
}
