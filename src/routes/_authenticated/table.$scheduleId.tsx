import { createFileRoute } from '@tanstack/react-router';
import { ko } from '@/i18n/shell';

/** 모임 채팅 (issue #30 item 2): the table chat of meal `scheduleId`. */
export const Route = createFileRoute('/_authenticated/table/$scheduleId')({
  staticData: { title: ko.screens.chat },
  component: TableChat,
});

function TableChat() {
  return null;
}
