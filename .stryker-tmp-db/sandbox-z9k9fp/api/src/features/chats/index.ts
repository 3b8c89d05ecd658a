/** What other features may use of chats. */
// @ts-nocheck

export { toChatMessage } from './chats.service';
