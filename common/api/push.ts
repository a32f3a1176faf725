/**
 * Push device tokens: `POST /api/fcm/token` stores the caller's device token (a token another
 * member registered on the same device moves to the caller), `DELETE /api/fcm/token` removes it.
 */
import { Type } from 'typebox';
import { PushTokenBody } from './chat.ts';
import { defineOperation } from './operation.ts';

/** Most device tokens kept per member (more → 429 DEVICE_LIMIT). */
export const MAX_PUSH_TOKENS_PER_USER = 20;

const tags = ['push'] as const;

/** Stores the caller's device token once (204). */
export const registerPushToken = defineOperation({
  method: 'POST',
  path: '/api/fcm/token',
  auth: 'member',
  summary: '푸시 토큰 등록',
  description: `Stores \`{ token }\` for the caller once, moving it from another member who registered it on the same device, up to ${MAX_PUSH_TOKENS_PER_USER} tokens per member.`,
  tags,
  body: PushTokenBody,
  responses: { 204: Type.Null({ description: 'stored' }) },
  errors: ['DEVICE_LIMIT'],
});

/** Removes the caller's device token (204, idempotent). */
export const removePushToken = defineOperation({
  method: 'DELETE',
  path: '/api/fcm/token',
  auth: 'member',
  summary: '푸시 토큰 삭제',
  description: "Removes the caller's `{ token }` whether or not they had it, never touching another member's token.",
  tags,
  body: PushTokenBody,
  responses: { 204: Type.Null({ description: 'removed (or was not there)' }) },
  errors: [],
});
