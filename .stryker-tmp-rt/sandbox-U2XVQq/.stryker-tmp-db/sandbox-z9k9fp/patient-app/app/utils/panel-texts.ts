/** The panel's confirmation questions, one place for the dialog and the no-JavaScript page alike. */
// @ts-nocheck

// 

export function reportDeleteQuestion(filename: string): string {
  return `Are you sure you want to delete "${filename}"? This will also delete all associated chat conversations and feedback. This action cannot be undone.`;
}

export const CHAT_DELETE_TITLE = 'Delete Conversation';
export const CHAT_DELETE_QUESTION =
  'Are you sure you want to delete this conversation? This action cannot be undone.';

export const CHATS_DELETE_ALL_TITLE = 'Delete All Conversations';
export function chatsDeleteAllQuestion(filename: string): string {
  return `Are you sure you want to delete all conversations for "${filename}"? This action cannot be undone.`;
}
