/**
 * The table, its chat and the chat list over HTTP (issue #30; operations in common/api/table.ts):
 * who is coming, the table chat's history and send (the same store-publish-notify path as the
 * SEND to `/app/table/{id}`, `app.publishTable`), read positions and 알림 끄기 of both kinds of
 * chat, and the member's conversations.
 */
import type { FastifyPluginAsync } from 'fastify';
import { listChats, listTableMembers, markChatRead, muteChat, sendTableMessage, tableHistory } from '../../../common/api/table.ts';
import type { Clock } from '../../lib/clock.ts';
import { IdCursor, pagedList } from '../../lib/paging.ts';
import { route } from '../../plugins/operations.ts';
import { ChatListCursor, createChatList, type ChatListRow } from './list.ts';
import { createChatService } from './service.ts';
import { setMuted } from './states.ts';

/** Registers the table and chat-list routes (after `tableLivePlugin`, which decorates `app.tables`). */
export const tableRoutes: FastifyPluginAsync<{ now: Clock }> = async (app, opts) => {
  const chats = createChatList({ db: app.db, now: opts.now });
  const chat = createChatService(app.db);

  route(app, listTableMembers, async (request) => app.tables.members(request.member.id, request.params.id));

  route(app, tableHistory, async (request, reply) =>
    pagedList(request, reply, {
      cursor: IdCursor,
      load: ({ limit, after }) => app.tables.history(request.member.id, request.params.id, { before: after?.[0], limit }),
      key: (m) => [m.id],
    }),
  );

  route(app, sendTableMessage, async (request, reply) =>
    reply.code(201).send(await app.publishTable(request.member.id, request.params.id, request.body.content, request.body.clientId)),
  );

  route(app, markChatRead, async (request) => app.publishRead(request.member.id, request.params.kind, request.params.id, request.body.lastReadId));

  route(app, muteChat, async (request) => {
    const { kind, id } = request.params;
    if (kind === 'table') await app.tables.requireTable(request.member.id, id, 'read');
    else await chat.requireRoom(request.member.id, id, 'read');
    await setMuted(app.db, request.member.id, kind, id, request.body.muted);
    return { muted: request.body.muted };
  });

  route(app, listChats, async (request, reply) => {
    const rows: ChatListRow[] = await pagedList(request, reply, {
      cursor: ChatListCursor,
      load: ({ limit, after }) => chats.list(request.member.id, limit, after),
      key: (r) => r.key,
    });
    return rows.map((r) => r.summary);
  });
};
